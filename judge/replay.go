package judge

import (
	"context"
	"slices"
	"time"
)

// Stepper is the optional interface of a Puzzle whose move texts can be
// replayed step by step, for the replay API and the play and replay pages.
// The steps come from the engine's own Replay, so the browser never needs a
// copy of the rules.
type Stepper interface {
	// Steps replays moves on the case c (canonical text) and returns every
	// step, up to and including the first bad one.
	Steps(c, moves string) Replay
	// AnswerMoves returns the move text held by the answer of one case,
	// and false when the answer holds none ("-1", a bare number).
	AnswerMoves(a Answer) (string, bool)
}

// Hinter is the optional interface of a Puzzle that can tell the next move
// of an optimal continuation.
type Hinter interface {
	// Hint replays moves on c and returns the first move, in the puzzle's
	// move syntax, of an optimal solution from there; EINVALID when the
	// moves are bad or nothing is left to solve.
	Hint(ctx context.Context, c, moves string) (string, error)
}

// Step is one move of a replay.
type Step struct {
	Move    string // the move as written
	Legal   bool
	Message string // what the move did, or why it is not legal
	// Msg is Message as a message id with arguments, for the pages.
	Msg Msg
	// Board is the canonical text of the board after the move; for an
	// illegal move, the board it was refused on.
	Board string
	// Rounds are the pictures within the move, ending with Board, when
	// the puzzle has them (Mayan: the drag, then each vanish-and-fall
	// round); nil otherwise.
	Rounds []string
}

// Replay is a move text replayed step by step.
type Replay struct {
	Steps  []Step
	Solved bool // the puzzle's goal holds after the last legal move
	Moves  int  // legal moves played
}

// CaseReplay is the replay of the moves an answer holds for one case.
type CaseReplay struct {
	CaseID   int64
	CaseName string
	Start    string // the board the moves start from
	Replay
}

// SubmissionReplay is the step-by-step replay of a submission: Replay for
// a moves (or check) submission, Cases for an answer.
type SubmissionReplay struct {
	Submission Submission
	Puzzle     string
	Start      string // moves: the board the moves start from
	Replay     *Replay
	Cases      []CaseReplay
}

// A submission's replay is read in pages of steps: a moves submission may
// hold 10,000 moves, and on a 30x30 Flood-it board each step's board is
// 1.8 KB, 18 MB in all. DefaultReplayPage steps are given when the reader
// names no size, and at most MaxReplayPage.
const (
	DefaultReplayPage = 200
	MaxReplayPage     = 1000
)

// MaxReplayPageBytes bounds the text of one page's steps (boards, rounds,
// messages, moves) in the API's replays (PageWithin): a page ends early
// when the next step would pass it, and next says where the following one
// starts. The public replay is anyone's, and a reader that reads slowly
// holds its page in the server while it does: 1,000 steps of a 30x30
// Flood-it board are ~2 MB, and 300 such readers grew the server by
// ~332 MB (issue 32). At least one step is always given.
const MaxReplayPageBytes = 128 << 10

// Page returns the steps of r from index from (0-based), at most limit of
// them, and the index of the first step after them, or -1 when they are the
// last. A from past the end gives no steps.
func (r Replay) Page(from, limit int) (steps []Step, next int) { return r.PageWithin(from, limit, 0) }

// PageWithin is Page with at most maxBytes of step text (0: no bound), at
// least one step. The steps are a copy: the page keeps none of the rest of
// the replay alive while it is written to a slow reader.
func (r Replay) PageWithin(from, limit, maxBytes int) (steps []Step, next int) {
	from = min(max(from, 0), len(r.Steps))
	end, size := from, 0
	for end < len(r.Steps) && end-from < max(limit, 0) {
		n := r.Steps[end].textSize()
		if maxBytes > 0 && end > from && size+n > maxBytes {
			break
		}
		size += n
		end++
	}
	steps = slices.Clone(r.Steps[from:end])
	if end < len(r.Steps) {
		return steps, end
	}
	return steps, -1
}

// textSize is about the bytes of s in an answer.
func (s Step) textSize() int {
	n := len(s.Move) + len(s.Message) + len(s.Board) + 64
	for _, r := range s.Rounds {
		n += len(r) + 3
	}
	return n
}

// MaxReplayMoveBytes bounds the move text of a public replay and of a hint:
// a game played by hand is far shorter, and the answer, which holds a board
// per move (up to 1.8 KB each on a 30x30 Flood-it board), is given for free
// to anyone.
const MaxReplayMoveBytes = 4 << 10

// HintTimeout bounds the reference solve of one hint.
const HintTimeout = 5 * time.Second
