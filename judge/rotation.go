package judge

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"puzzlejudge/reference/rotation"
	"puzzlejudge/reference/textin"
)

// rotationPuzzle adapts reference/rotation: two lines per case in answer mode
// (the moves or "No moves needed", then the centre symbol), letters A-H in
// move mode.
type rotationPuzzle struct{}

// noMovesNeeded is the first answer line of a board solved from the start;
// unsolvablePrefix starts the one-line answer of a board no moves can solve.
const (
	noMovesNeeded    = "No moves needed"
	unsolvablePrefix = "No solution"
)

func init() { Register(rotationPuzzle{}) }

func (rotationPuzzle) Name() string { return "rotation" }

func (rotationPuzzle) Info() Info {
	return Info{Unit: "case", MovesSyntax: "the letters A to H, in capitals (DDHH)."}
}

func (rotationPuzzle) SolverVersion() string { return rotation.SolverVersion }

func (rotationPuzzle) ParseCases(input string) ([]string, error) {
	return parseCasesWith(rotation.ParseCases, rotation.Format, input)
}

func (rotationPuzzle) ParseCase(input string) (string, error) {
	return parseCaseWith(rotation.ParseCase, rotation.Format, input)
}

func (rotationPuzzle) JudgeInput(cases []string) string {
	return judgeInputWith(rotation.ParseCase, rotation.FormatCases, cases)
}

// CheckLimits has nothing to check: every rotation board has 24 squares.
func (rotationPuzzle) CheckLimits(c string, _ Limits) error {
	if _, err := rotation.ParseCase(c); err != nil {
		return parseError(err)
	}
	return nil
}

func (rotationPuzzle) Solve(ctx context.Context, c string, p Progress) (Solution, error) {
	b, err := rotation.ParseCase(c)
	if err != nil {
		return Solution{}, err
	}
	s, err := rotation.Solve(ctx, b, rotation.Progress(p))
	if err != nil {
		return Solution{}, err
	}
	return Solution{Answer: s.Answer(), Moves: s.MovesText(), Optimal: s.Len(), Solvable: s.Solvable, Version: rotation.SolverVersion}, nil
}

func (rotationPuzzle) SplitAnswers(cases []string, output string) ([]Answer, Answer) {
	return splitByCount(answerLines(output), len(cases), func(_ int, first AnswerLine) int {
		if strings.HasPrefix(strings.TrimSpace(first.Text), unsolvablePrefix) {
			return 1 // the one-line answer of a board with no solution
		}
		return 2
	})
}

// CheckAnswer checks, in this order, that the moves are letters A-H, solve
// the centre, are of optimal length and the lexicographically smallest, and
// that the symbol is the centre's; each failure has its own message.
func (rotationPuzzle) CheckAnswer(c string, ref Solution, a Answer, _ bool) Result {
	if len(a) == 0 {
		return Result{Verdict: WrongAnswer, Message: "no output for this case"}
	}
	b, err := rotation.ParseCase(c)
	if err != nil {
		return brokenCase(err)
	}
	if !ref.Solvable {
		// No symbol fills the centre: only the reference's exact text is right.
		if strings.TrimSpace(a[0].Text) == strings.TrimSpace(ref.Answer) {
			return Result{Verdict: Accepted, Message: "correct", Score: 100}
		}
		return Result{Verdict: WrongAnswer, Message: fmt.Sprintf("line %d: wrong answer", a[0].No)}
	}
	first := a[0]
	moves := strings.TrimSpace(first.Text)
	if moves == noMovesNeeded {
		moves = ""
	} else if msg := notLetters(first); msg != "" {
		return Result{Verdict: Invalid, Message: msg}
	}
	r := rotation.Replay(b, moves)
	switch {
	case r.BadIndex > 0:
		return Result{Verdict: Invalid, Message: fmt.Sprintf("line %d: %s", first.No, badMove(r.BadIndex, r.BadToken, r.Reason))}
	case !r.Solved && r.Used == 0:
		return Result{Verdict: WrongAnswer, Message: fmt.Sprintf("line %d: the centre is not solved at the start, moves are needed", first.No)}
	case !r.Solved:
		return Result{Verdict: WrongAnswer, Message: fmt.Sprintf("line %d: %s does not solve the centre", first.No, textin.Quote(moves))}
	case r.Used > ref.Optimal:
		return Result{Verdict: WrongAnswer, Used: r.Used, Optimal: ref.Optimal, Solved: true,
			Message: fmt.Sprintf("line %d: %s is %s, the optimum is %d", first.No, textin.Quote(moves), Plural(r.Used, "move"), ref.Optimal)}
	case r.Used < ref.Optimal:
		return referenceDisagrees()
	case moves != strings.TrimSpace(ref.Moves):
		return Result{Verdict: WrongAnswer, Used: r.Used, Optimal: ref.Optimal, Solved: true,
			Message: fmt.Sprintf("line %d: optimal, but not the lexicographically smallest sequence of %s", first.No, Plural(r.Used, "move"))}
	}
	if len(a) < 2 {
		return Result{Verdict: WrongAnswer, Message: fmt.Sprintf("line %d: the centre symbol is missing after the moves", first.No)}
	}
	tok, err := oneToken(a[1])
	if err != nil {
		return Result{Verdict: Invalid, Message: err.Error()}
	}
	v, err := tok.Int()
	if err != nil {
		return Result{Verdict: Invalid, Message: err.Error()}
	}
	if got := r.Final.CentreSymbol(); v != got {
		return Result{Verdict: WrongAnswer, Message: fmt.Sprintf("line %d: the centre symbol after these moves is %d, not %d", a[1].No, got, v)}
	}
	return Result{Verdict: Accepted, Message: "correct", Used: r.Used, Optimal: ref.Optimal, Score: 100}
}

// notLetters returns a message naming the first character of a moves line
// that is not a capital letter A-H (after leading blanks), or "".
func notLetters(l AnswerLine) string {
	col, started := 0, false
	for _, r := range l.Text {
		col++
		switch {
		case !started && (r == ' ' || r == '\t'):
			continue // leading blanks are tolerated, like trailing ones
		case r >= 'A' && r <= 'H':
			started = true
		case r >= 'a' && r <= 'h':
			return fmt.Sprintf("line %d, column %d: moves are capital letters, found %q", l.No, col, r)
		default:
			return fmt.Sprintf("line %d, column %d: %q is not a move (A to H)", l.No, col, r)
		}
	}
	return ""
}

func (rotationPuzzle) CheckMoves(c string, ref *Solution, moves string) Result {
	if ref == nil {
		return noReference()
	}
	b, err := rotation.ParseCase(c)
	if err != nil {
		return brokenCase(err)
	}
	r := rotation.Replay(b, moves)
	if r.BadIndex > 0 {
		return Result{Verdict: Invalid, Message: badMove(r.BadIndex, r.BadToken, r.Reason), Used: r.Used}
	}
	if !ref.Solvable {
		if r.Solved {
			return referenceDisagrees()
		}
		return Result{Verdict: NotSolved, Used: r.Used, Message: allLegal(r.Used) + ", but the centre is not solved"}
	}
	return movesResult(r.Solved, r.Used, ref.Optimal,
		fmt.Sprintf("%s, but the centre is not solved (%d of 8 squares agree)", allLegal(r.Used), r.Final.CentreBest()))
}

func (rotationPuzzle) CheckProblemLimits(l Limits) error {
	return checkLimitsUpTo("rotation", l, 0, 0, 0)
}

func (rotationPuzzle) Checkers() []string { return nil }

func (rotationPuzzle) GenerateParams() []string { return []string{} }

func (rotationPuzzle) GenerateBy() string { return GenerateByRange }

// Candidates draws the classic boards: eight squares of each symbol, in a
// uniform random order.
func (rotationPuzzle) Candidates(params map[string]int, _ *bool, _ Limits) (func(*rand.Rand) (string, bool), error) {
	if err := paramsError("rotation", params, rotationPuzzle{}.GenerateParams()...); err != nil {
		return nil, err
	}
	return func(rng *rand.Rand) (string, bool) {
		var b rotation.Board
		for i := range b.Squares {
			b.Squares[i] = uint8(1 + i%rotation.Symbols)
		}
		rng.Shuffle(len(b.Squares), func(i, j int) { b.Squares[i], b.Squares[j] = b.Squares[j], b.Squares[i] })
		return rotation.Format(b), true
	}, nil
}

// Steps replays moves with the engine; each step tells how far the centre is.
func (rotationPuzzle) Steps(c, moves string) Replay {
	b, _ := rotation.ParseCase(c) // c is canonical: it parses
	r := rotation.Replay(b, moves)
	return stepsWith(b, rotation.Format, stepTokens(r.Steps, func(s rotation.Step) string { return s.Token }),
		rotation.Boards(b, r), stepMessages(r.Steps, func(s rotation.Step) string {
			return fmt.Sprintf("%d of 8 centre squares agree", s.Centre)
		}), r.BadIndex, r.BadToken, r.Reason, r.Solved)
}

// AnswerMoves returns the first line of an answer: its move letters.
func (rotationPuzzle) AnswerMoves(a Answer) (string, bool) {
	if len(a) == 0 || strings.HasPrefix(strings.TrimSpace(a[0].Text), unsolvablePrefix) {
		return "", false
	}
	if m := strings.TrimSpace(a[0].Text); m != noMovesNeeded {
		return m, true
	}
	return "", true
}

// Hint solves the board reached by moves and returns the first letter.
func (rotationPuzzle) Hint(ctx context.Context, c, moves string) (string, error) {
	b, _ := rotation.ParseCase(c)
	r := rotation.Replay(b, moves)
	switch {
	case r.BadIndex > 0:
		return "", Errorf(EINVALID, "%s", badMove(r.BadIndex, r.BadToken, r.Reason))
	case r.Solved:
		return "", Errorf(EINVALID, "the centre is already solved")
	}
	s, err := rotation.Solve(ctx, r.Final, nil)
	if err != nil {
		return "", err
	}
	if !s.Solvable || len(s.Moves) == 0 {
		return "", Errorf(EINVALID, "no moves solve this board")
	}
	return s.Moves[0].String(), nil
}
