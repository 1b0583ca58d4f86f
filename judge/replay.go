package judge

import (
	"context"
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

// Page returns the steps of r from index from (0-based), at most limit of
// them, and the index of the first step after them, or -1 when they are the
// last. A from past the end gives no steps.
func (r Replay) Page(from, limit int) (steps []Step, next int) {
	from = min(max(from, 0), len(r.Steps))
	end := min(from+max(limit, 0), len(r.Steps))
	if end < len(r.Steps) {
		return r.Steps[from:end], end
	}
	return r.Steps[from:end], -1
}

// MaxReplayMoveBytes bounds the move text of a public replay and of a hint:
// a game played by hand is far shorter, and the answer, which holds a board
// per move (up to 1.8 KB each on a 30x30 Flood-it board), is given for free
// to anyone.
const MaxReplayMoveBytes = 4 << 10

// stepper returns the puzzle of that name and its Stepper, or EINVALID when
// it has none.
func stepper(name string) (Puzzle, Stepper, error) {
	pz, err := Lookup(name)
	if err != nil {
		return nil, nil, err
	}
	st, ok := pz.(Stepper)
	if !ok {
		return nil, nil, Errorf(EINVALID, "puzzle %s has no step-by-step replay", pz.Name())
	}
	return pz, st, nil
}

// ReplayMoves replays moves on a board given inline, for anyone: nothing is
// stored and no solver runs, so it is cheap.
func (s *Service) ReplayMoves(ctx context.Context, puzzle, board, moves string) (Replay, error) {
	pz, st, err := stepper(puzzle)
	if err != nil {
		return Replay{}, err
	}
	if moves, err = puzzleText("the move text", moves, MaxReplayMoveBytes); err != nil {
		return Replay{}, err
	}
	input, err := parseSpec(pz, board)
	if err != nil {
		return Replay{}, err
	}
	return st.Steps(input, moves), nil
}

// ReplaySubmission replays a submission step by step, for its owner and
// instructors: the moves of a moves or check submission on its board, and
// for an answer the moves it holds for each case (Rotation, Mayan).
func (s *Service) ReplaySubmission(ctx context.Context, v User, id int64) (SubmissionReplay, error) {
	sub, err := s.Submission(ctx, v, id)
	if err != nil {
		return SubmissionReplay{}, err
	}
	out := SubmissionReplay{Submission: sub}
	switch sub.Kind {
	case KindCheck:
		out.Puzzle, out.Start = sub.Puzzle, sub.Board
	case KindMoves:
		p, c, err := s.caseOf(ctx, sub.ProblemSlug, sub.CaseID)
		if err != nil {
			return SubmissionReplay{}, err
		}
		out.Puzzle, out.Start = p.Puzzle, c.Input
	case KindAnswer:
		return s.replayAnswer(ctx, out)
	}
	_, st, err := stepper(out.Puzzle)
	if err != nil {
		return SubmissionReplay{}, err
	}
	r := st.Steps(out.Start, sub.Payload)
	out.Replay = &r
	return out, nil
}

// replayAnswer cuts an answer into its cases like the judge does (the
// cases it answered, a whole output split over all of them, deleted ones
// included, or each per-case output on its own case) and replays the moves
// of each case that is still there; a puzzle whose answers hold no moves
// (Flood-it's numbers) is EINVALID.
func (s *Service) replayAnswer(ctx context.Context, out SubmissionReplay) (SubmissionReplay, error) {
	d := s.load(ctx, out.Submission.ProblemID)
	if d.err != nil {
		return SubmissionReplay{}, d.err
	}
	out.Puzzle = d.problem.Puzzle
	pz, st, err := stepper(d.problem.Puzzle)
	if err != nil {
		return SubmissionReplay{}, err
	}
	cases := answeredCases(out.Submission, d)
	answers := make([]Answer, len(cases))
	if outs := out.Submission.Outputs; outs != nil {
		// Sent per case: each output answers its own case alone, as the
		// worker judges it; a case without output has nothing to replay.
		byCase := outputsByCase(outs)
		for i, c := range cases {
			if text, ok := byCase[c.ID]; ok {
				if a, _ := pz.SplitAnswers([]string{c.Input}, text); len(a) > 0 {
					answers[i] = a[0]
				}
			}
		}
	} else {
		split, _ := pz.SplitAnswers(inputsOf(cases), out.Submission.Payload)
		copy(answers, split)
	}
	if len(answers) > 0 && !anyMoves(st, answers) {
		return SubmissionReplay{}, Errorf(EINVALID, "the answers of puzzle %s hold no moves to replay", pz.Name())
	}
	out.Cases = []CaseReplay{}
	for i, a := range answers {
		moves, ok := st.AnswerMoves(a)
		if !ok || cases[i].Deleted {
			continue
		}
		out.Cases = append(out.Cases, CaseReplay{CaseID: cases[i].ID, CaseName: cases[i].Name, Start: cases[i].Input, Replay: st.Steps(cases[i].Input, moves)})
	}
	return out, nil
}

// anyMoves reports whether any answer holds moves.
func anyMoves(st Stepper, answers []Answer) bool {
	for _, a := range answers {
		if _, ok := st.AnswerMoves(a); ok {
			return true
		}
	}
	return false
}

// HintTimeout bounds the reference solve of one hint.
const HintTimeout = 5 * time.Second

// stepsWith builds a Replay from what an engine's replay read: the tokens
// of every step, the board after each legal one, the message of each legal
// one, and the first bad move.
func stepsWith[B any](start B, format func(B) string, tokens []string, boards []B, messages []string,
	badIndex int, badToken, reason string, solved bool) Replay {
	r := Replay{Steps: make([]Step, 0, len(tokens)), Solved: solved, Moves: len(boards)}
	last := format(start)
	for i, tok := range tokens {
		if i < len(boards) {
			last = format(boards[i])
			r.Steps = append(r.Steps, Step{Move: tok, Legal: true, Message: messages[i], Board: last})
			continue
		}
		if badIndex > 0 {
			r.Steps = append(r.Steps, Step{Move: tok, Message: badMove(badIndex, badToken, reason), Board: last})
		}
		break
	}
	return r
}

// stepTokens returns the token of every step an engine's replay read.
func stepTokens[S any](steps []S, token func(S) string) []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = token(s)
	}
	return out
}

// stepMessages returns the message of every step an engine's replay read;
// only those of legal steps are used.
func stepMessages[S any](steps []S, message func(S) string) []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = message(s)
	}
	return out
}
