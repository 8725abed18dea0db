# Writes ${OUT} (the site's embed.js) from ${TEMPLATE}, filling in the
# puzzles' titles from the engine's puzzle list (web/puzzle_titles.cpp, a
# node program): the embed names the puzzles the app offers, from the one
# list the app itself uses.
#   cmake -DNODE=<node> -DTITLES=<puzzle_titles.js> -DTEMPLATE=<web/embed.js> -DOUT=<file>
#         -P stamp_embed.cmake
execute_process(COMMAND "${NODE}" --no-experimental-fetch "${TITLES}"
                OUTPUT_VARIABLE listing RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "stamp_embed: puzzle_titles failed (${failed})")
endif()
# One line per puzzle, "id<TAB>title".
string(REGEX MATCHALL "\n[a-z0-9_]+\t[^\t\n]+" entries "\n${listing}")
set(titles "")
foreach(entry IN LISTS entries)
  string(REGEX REPLACE "^\n([a-z0-9_]+)\t(.*)$" "\\1" id "${entry}")
  string(REGEX REPLACE "^\n([a-z0-9_]+)\t(.*)$" "\\2" title "${entry}")
  string(REPLACE "\\" "\\\\" title "${title}")
  string(REPLACE "\"" "\\\"" title "${title}")
  if(titles)
    string(APPEND titles ", ")
  endif()
  string(APPEND titles "\"${id}\": \"${title}\"")
endforeach()
if(NOT titles)
  message(FATAL_ERROR "stamp_embed: no puzzles from puzzle_titles:\n${listing}")
endif()
set(PUZZLE_TITLES "{${titles}}")
# Its comment lines are for the repository's readers, all but the first,
# which says what the file is (0.6 KB gzip of the embed's first download).
file(READ "${TEMPLATE}" template)
string(CONFIGURE "${template}" embed @ONLY)
string(FIND "${embed}" "\n" first_end)
string(SUBSTRING "${embed}" 0 ${first_end} first_line)
string(SUBSTRING "${embed}" ${first_end} -1 rest)
string(REGEX REPLACE "\n[ \t]*//[^\n]*" "" rest "${rest}")
file(WRITE "${OUT}.new" "${first_line}${rest}")
file(COPY_FILE "${OUT}.new" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.new")
