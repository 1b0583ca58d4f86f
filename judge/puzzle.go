package judge

import (
	"context"
)

// Progress receives the progress of a running solve: the current depth bound
// and the nodes searched so far.
type Progress func(bound int, nodes int64)

// Result is the verdict of one case, before it is stored as a CaseResult.
type Result struct {
	Verdict Verdict
	Message string
	// MessageID and MessageArgs say Message as a message id with its
	// arguments (Msg.ArgsJSON; With sets all three from one Msg), for the
	// faces that translate it (the pages); empty when the message has no
	// id. The API keeps Message, in English.
	MessageID   string
	MessageArgs string
	Used        int
	Optimal     int
	Score       float64 // 0..100, like every score the judge shows
	// Solved reports that the student's text solved the case even though
	// the verdict is not accepted (a Rotation answer that solves the
	// centre in too many moves, a Mayan solution that is not the smallest):
	// the optimum of a hidden case may then be shown.
	Solved bool
}

// AnswerLine is one non-blank line of an answer text, trailing spaces and
// "\r" removed, with its 1-based number in the whole output.
type AnswerLine struct {
	No   int
	Text string
}

// Answer is the part of an output that answers one case.
type Answer []AnswerLine

// Puzzle is the one interface the judge uses over the engines of reference/.
// A case is its canonical classic text (the engine's Format, no terminator),
// so that it can be stored and compared as a string.
type Puzzle interface {
	// Name is the puzzle's name in problems, the API and the registry.
	Name() string
	// Info describes the puzzle to people.
	Info() Info
	// SolverVersion is the version of the engine's solver; solutions of
	// another version are computed again at Start.
	SolverVersion() string
	// ParseCases reads a whole classic judge input; errors are EINVALID
	// with the engine's line and column.
	ParseCases(input string) ([]string, error)
	// ParseCase reads exactly one case (a closing "0" line optional).
	ParseCase(input string) (string, error)
	// JudgeInput returns the classic judge input made of these cases.
	JudgeInput(cases []string) string
	// CheckLimits reports whether a case fits a problem's limits (EINVALID).
	CheckLimits(c string, l Limits) error
	// ParseCaseWithin reads one case as ParseCase does, for a problem with
	// limits l. An engine that can apply them while it parses does, so that
	// the first error of a board is reported whether it breaks the format or
	// the limits ("3\n0 1 2\n1 7 2" on a 6-colour problem names the colour 7,
	// not the missing third row); the others only parse and leave the limits
	// to CheckLimits.
	ParseCaseWithin(input string, l Limits) (string, error)
	// CheckProblemLimits returns an EINVALID error naming the field
	// ("limits.max_size: ...") of a problem's limit the puzzle cannot honour:
	// one that means nothing for it, or one beyond its engine.
	CheckProblemLimits(l Limits) error
	// Checkers lists the checkers besides CheckerExact a problem may set.
	Checkers() []string
	// Solve computes the expected solution of a case; it honours ctx.
	Solve(ctx context.Context, c string, p Progress) (Solution, error)
	// SplitAnswers cuts a whole output into one Answer per case, in case
	// order; fewer answers than cases when the output stops early, and the
	// lines after the last case's answer as surplus.
	SplitAnswers(cases []string, output string) (answers []Answer, surplus Answer)
	// CheckAnswer is the special judge of answer mode for one case, under
	// the problem's checker: "" (CheckerExact) or one of Checkers.
	CheckAnswer(c string, ref Solution, a Answer, checker string) Result
	// CheckMoves replays a move text on a case (move mode). ref is nil when
	// the expected solution is not available; a puzzle that needs it then
	// returns a judge_error.
	CheckMoves(c string, ref *Solution, moves string) Result
	// MaxMoves is the most moves the engine reads from a move text (its
	// replay stops there with "too many moves"). A longer text can only be
	// refused, so it is refused before it is stored.
	MaxMoves() int
	// BoardMoves is the most moves a move text for case c may hold: MaxMoves,
	// or fewer where the board itself says (a Mayan board is cleared in
	// exactly its n moves, so a longer text can only be a mistake).
	BoardMoves(c string) int
	// CountMoves returns how many moves text holds, counting no further
	// than limit+1 so that a huge text costs no more than a long one.
	CountMoves(text string, limit int) int
	// SymmetryKey returns the same text for two cases exactly when one maps
	// onto the other by the puzzle's symmetries (relabelled symbols,
	// mirrors), which keep the optimum: Check uses it to refuse a student's
	// board that is a hidden case in disguise.
	SymmetryKey(c string) string
	// Embeds reports whether case c holds the case hidden whole, so that
	// c's optimum tells hidden's though their SymmetryKeys differ (a
	// Flood-it board padded with a new colour): Check refuses such a
	// board too. False where the puzzle's boards cannot hold another.
	Embeds(c, hidden string) bool
}

// Info is what the pages and commands tell people about a puzzle.
type Info struct {
	// Unit names one case of the classic input in messages: "case", or
	// "instance" where the classic statement says so.
	Unit string
	// MovesSyntax says how a move text is written, as the end of the
	// sentence "Moves are ...".
	MovesSyntax string
	// Limits holds the most each board limit of a problem (MaxSize,
	// MaxColors, MaxMoves) may be set to, and 0 for a limit the puzzle
	// does not have: every Rotation board is the same 24 squares of three
	// symbols, so it has none. CheckProblemLimits holds problems to it, and
	// the problem form shows only the limits there are.
	Limits Limits
}

// NoOutput is the result of a case an output does not answer.
func NoOutput() Result {
	return Result{Verdict: WrongAnswer}.With(M("no_output"))
}

// Correct is the result of a right answer of a case whose optimum is
// optimal.
func Correct(optimal int) Result {
	return Result{Verdict: Accepted, Optimal: optimal, Score: 100}.With(M("correct"))
}
