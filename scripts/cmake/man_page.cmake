# Writes a program's man page from its --help, and from each of its
# commands' --help when it lists them (CLI11's Subcommands section), then
# gzips it. Run at build time (scripts/cmake/package.cmake):
#   cmake -DPROGRAM=bin/puzzlelab -DNAME=puzzlelab -DSUMMARY="..." -DVERSION=0.1
#         -DOUT=puzzlelab.1 -P scripts/cmake/man_page.cmake
cmake_minimum_required(VERSION 3.21)
foreach(var PROGRAM NAME SUMMARY VERSION OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "man_page.cmake: -D${var}=... is missing")
  endif()
endforeach()

# The text as roff: a backslash is \e, a line starting with . or ' is escaped.
function(roff_block text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} ".nf\n${text}\n.fi\n" PARENT_SCOPE)
endfunction()

function(help_of args out)
  execute_process(COMMAND ${PROGRAM} ${args} --help OUTPUT_VARIABLE text RESULT_VARIABLE code
                  ERROR_VARIABLE error)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} ${args} --help failed (${code}): ${error}")
  endif()
  string(STRIP "${text}" text)
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

help_of("" help)
string(TOUPPER "${NAME}" upper)
roff_block("${help}" block)
set(page ".TH ${upper} 1 \"\" \"${NAME} ${VERSION}\" \"Puzzle Lab\"\n")
string(APPEND page ".SH NAME\n${NAME} \\- ${SUMMARY}\n.SH DESCRIPTION\n")
string(APPEND page "This page is made from the program's own help when it is built.\n.PP\n${block}")

# Each command's own help, in the order the help lists them.
string(FIND "${help}" "Subcommands:" at)
if(at EQUAL -1)
  string(FIND "${help}" "SUBCOMMANDS:" at)  # CLI11's older spelling
endif()
if(at GREATER -1)
  string(SUBSTRING "${help}" ${at} -1 listed)
  string(REPLACE "\n" ";" lines "${listed}")
  list(POP_FRONT lines)
  string(APPEND page ".SH COMMANDS\n")
  foreach(line IN LISTS lines)
    if(line STREQUAL "")
      break()  # the list ends at the first empty line
    endif()
    if(NOT line MATCHES "^  ([a-z][a-z-]*)( |$)")
      continue()
    endif()
    set(command ${CMAKE_MATCH_1})
    help_of("${command}" command_help)
    roff_block("${command_help}" block)
    string(APPEND page ".SS ${NAME} ${command}\n${block}")
  endforeach()
endif()
string(APPEND page ".SH SEE ALSO\nThe project's docs/ folder: docs/cli.md, docs/native.md.\n")
file(WRITE "${OUT}" "${page}")
execute_process(COMMAND gzip -9nf "${OUT}" RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "gzip ${OUT} failed")
endif()
