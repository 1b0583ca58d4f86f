// Package puzzles holds one adapter per puzzle, each in its own file with
// everything the judge knows of that puzzle (parsing, limits, checking,
// generation, replay, symmetries, hints), and the registry that maps a
// puzzle's name to it.
package puzzles

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"puzzlejudge/judge"
)

// The registry is the one place that maps a puzzle's name to its adapter.
// Each adapter registers itself from its own file (judge/puzzles/floodit.go, ...);
// the service, the commands, the catalogue and the pages ask the registry,
// so that adding a puzzle needs no switch on its name anywhere else. Like
// database/sql's drivers, it is filled by init functions and only read after.
var registry = struct {
	sync.RWMutex
	byName map[string]judge.Puzzle
}{byName: map[string]judge.Puzzle{}}

// wholePuzzle is a puzzle with every optional part but judge.Preparer:
// replay and play, hints and generated boards. An adapter that has them all
// says so with var _ wholePuzzle = <Name>{}.
type wholePuzzle interface {
	judge.Puzzle
	judge.Stepper
	judge.Hinter
	judge.Generator
}

// Register makes p known by p.Name(). It panics when the name is empty or
// taken: both are programming errors found at start.
func Register(p judge.Puzzle) {
	registry.Lock()
	defer registry.Unlock()
	name := p.Name()
	if name == "" {
		panic("judge: Register of a puzzle without a name")
	}
	if _, dup := registry.byName[name]; dup {
		panic(fmt.Sprintf("judge: Register called twice for puzzle %q", name))
	}
	registry.byName[name] = p
}

// Lookup returns the puzzle registered under name, or an EINVALID error
// naming the known puzzles.
func Lookup(name string) (judge.Puzzle, error) {
	registry.RLock()
	p, ok := registry.byName[name]
	registry.RUnlock()
	if !ok {
		return nil, judge.Errorf(judge.EINVALID, "unknown puzzle %q (known: %s)", name, strings.Join(PuzzleNames(), ", "))
	}
	return p, nil
}

// PuzzleNames returns the names of the registered puzzles, sorted.
func PuzzleNames() []string {
	registry.RLock()
	defer registry.RUnlock()
	return slices.Sorted(maps.Keys(registry.byName))
}
