# Runs a test binary in an empty folder of its own and fails when the run
# fails or leaves anything there: tests write only into their own temporary
# folders (tests/support/temp_dir.h), never into the folder they are run
# from (a run from the repository's root once left a pictures/ folder).
#   cmake -DBINARY=<test binary> -DFOLDER=<scratch folder> [-DFILTER=<Catch2 filter>]
#         -P run_in_empty_folder.cmake
file(REMOVE_RECURSE "${FOLDER}")
file(MAKE_DIRECTORY "${FOLDER}")
execute_process(COMMAND "${BINARY}" ${FILTER} WORKING_DIRECTORY "${FOLDER}" RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "${BINARY} ${FILTER} failed (${code})")
endif()
file(GLOB_RECURSE left LIST_DIRECTORIES true RELATIVE "${FOLDER}" "${FOLDER}/*")
if(left)
  message(FATAL_ERROR "${BINARY} ${FILTER} wrote into the folder it ran in: ${left}")
endif()
file(REMOVE_RECURSE "${FOLDER}")
