package puzzles

import "puzzlejudge/reference/fifteen"

// SetTableDir names the folder where the engines keep, between processes,
// the tables they would otherwise build at each start (today the
// 15-puzzle's pattern databases: seconds to build, milliseconds to read);
// "" keeps none. The tables are the process's, so this is too: call it
// before the first solve. The server gives a folder of its data, the solve
// command the user's cache folder.
func SetTableDir(dir string) { fifteen.SetTableDir(dir) }
