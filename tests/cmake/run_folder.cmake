# The folder the shell tests run in (ctest's working directory for each of
# them): tests write only into their own temporary folders
# (tests/support/temp_dir.h), never into the folder they are run from (a run
# from the repository's root once left a pictures/ folder). A fixture: the
# first test empties the folder, the last fails if any test left anything.
#   cmake -DFOLDER=<folder> -DSTEP=empty|check -P run_folder.cmake
if(STEP STREQUAL "empty")
  file(REMOVE_RECURSE "${FOLDER}")
  file(MAKE_DIRECTORY "${FOLDER}")
elseif(STEP STREQUAL "check")
  file(GLOB_RECURSE left LIST_DIRECTORIES true RELATIVE "${FOLDER}" "${FOLDER}/*")
  if(left)
    message(FATAL_ERROR "a shell test wrote into the folder it ran in (${FOLDER}): ${left}")
  endif()
else()
  message(FATAL_ERROR "STEP must be empty or check, not '${STEP}'")
endif()
