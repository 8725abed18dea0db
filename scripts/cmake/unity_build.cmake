# Unity builds: a target's sources compiled a batch at a time, each batch one
# translation unit that includes its files. Most of the compile time here
# goes on headers every file includes (CLI11, nlohmann/json, ImGui, Catch2)
# and on the inline and template code they instantiate, paid once per
# translation unit; a batch pays it once. Files with their own compile
# options or definitions are compiled alone (CMake leaves them out).
# Names with internal linkage must then differ between the files of a
# target (scripts/check-unity-names checks it).
option(PUZZLELAB_UNITY_BUILD "Compile the project's targets in unity batches (faster full builds)" ON)

# puzzlelab_unity_build(TARGET BATCH_SIZE): at most BATCH_SIZE files per batch.
function(puzzlelab_unity_build target batch_size)
  if(PUZZLELAB_UNITY_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${batch_size})
  endif()
endfunction()

# puzzlelab_unity_groups(TARGET GROUP FILE... [GROUP FILE...]): only the files
# listed are batched, a batch per group (a group's name is a word without a
# dot, its files end in .cpp); the target's other files are compiled alone.
function(puzzlelab_unity_groups target)
  if(NOT PUZZLELAB_UNITY_BUILD)
    return()
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  foreach(item ${ARGN})
    if(item MATCHES "\\.cpp$")
      set_property(SOURCE ${item} PROPERTY UNITY_GROUP ${group})
    else()
      set(group ${item})
    endif()
  endforeach()
endfunction()
