package judge

import (
	"context"
	"slices"
)

// ProgramFile is one of a problem's own programs, as a Kattis package
// keeps them in submissions/<Folder>/<Name>: the programs its time limit is
// set from (accepted ones) and those it must turn away.
type ProgramFile struct {
	Folder string // one of ProgramFolders
	Name   string // a file name, its extension naming the language
	Source string
}

// ProgramFolders are the folders of submissions/ a package may hold, the
// expected verdicts of the Kattis format.
var ProgramFolders = []string{"accepted", "wrong_answer", "time_limit_exceeded", "run_time_error", "memory_limit_exceeded", "output_limit_exceeded", "rejected"}

// Bounds of a problem's own programs.
const (
	MaxProgramFiles = 100
	MaxProgramBytes = MaxCodeKiB << 10
)

// IsProgramFolder reports whether f is one of ProgramFolders.
func IsProgramFolder(f string) bool { return slices.Contains(ProgramFolders, f) }

// ProgramStore keeps the programs of problems, for their packages.
type ProgramStore interface {
	// Programs returns the programs of a problem, by folder and name.
	Programs(ctx context.Context, problemID int64) ([]ProgramFile, error)
	// PutPrograms replaces the programs of a problem.
	PutPrograms(ctx context.Context, problemID int64, files []ProgramFile) error
}
