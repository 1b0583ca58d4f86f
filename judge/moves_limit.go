package judge

import (
	"strings"

	"puzzlejudge/reference/floodit"
	"puzzlejudge/reference/mayan"
	"puzzlejudge/reference/rotation"
)

// The engines read at most a fixed number of moves from a move text (the
// replay stops there with "too many moves"). A text beyond that bound can
// only be refused, so it is refused before it is stored: storing a
// megabyte of moves for each submission was a cheap way to fill the disk.

// movesBounded is implemented by the adapters: the most moves the engine
// replays, and how many moves a text holds (counting stops past limit).
type movesBounded interface {
	maxMoves() int
	countMoves(text string, limit int) int
}

func (flooditPuzzle) maxMoves() int { return floodit.MaxMoves }
func (flooditPuzzle) countMoves(text string, limit int) int {
	return len(strings.FieldsFunc(text[:min(len(text), 8*(limit+1))], isMoveSep))
}

func (rotationPuzzle) maxMoves() int { return rotation.MaxMoves }
func (rotationPuzzle) countMoves(text string, limit int) int {
	n := 0
	for _, r := range text {
		if !isMoveSep(r) {
			if n++; n > limit {
				break
			}
		}
	}
	return n
}

func (mayanPuzzle) maxMoves() int { return mayan.MaxReplayMoves }
func (mayanPuzzle) countMoves(text string, limit int) int {
	n := 0
	for line := range strings.Lines(text) {
		if strings.TrimSpace(line) != "" {
			if n++; n > limit {
				break
			}
		}
	}
	return n
}

func isMoveSep(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\v', '\f', ',':
		return true
	}
	return false
}

// checkMovesLength refuses (EINVALID) a move text longer than the puzzle's
// engine replays. Bytes are bounded too, at a generous 16 per move, so that
// padding between moves cannot make a text large either.
func checkMovesLength(pz Puzzle, moves string) error {
	mb, ok := pz.(movesBounded)
	if !ok {
		return nil
	}
	limit := mb.maxMoves()
	if n := mb.countMoves(moves, limit); n > limit {
		return Errorf(EINVALID, "the moves hold more than %d moves, the most a %s move text may have", limit, pz.Name())
	}
	if maxBytes := 16 * limit; len(moves) > maxBytes {
		return Errorf(EINVALID, "the moves have %d bytes; a %s move text may have at most %d moves and %d bytes", len(moves), pz.Name(), limit, maxBytes)
	}
	return nil
}
