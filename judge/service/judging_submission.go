package service

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// Submit stores an answer or move submission of v as pending and wakes a
// worker. It needs ProblemSlug, Kind, Payload, and CaseID for moves; the
// submission is v's, whatever UserID says. An answer may name the
// InputVersion it answers (ESTALEINPUT when it is not the current one); it is
// bound to the current case set (bindAnswer).
func (s *Service) Submit(ctx context.Context, v judge.User, sub judge.Submission) (judge.Submission, error) {
	return s.submit(ctx, v, sub, nil)
}

// SubmitOutputs stores an answer of v sent as per-case outputs, keyed by the
// base names of input.zip (NN-name), like Submit.
func (s *Service) SubmitOutputs(ctx context.Context, v judge.User, sub judge.Submission, outputs map[string]string) (judge.Submission, error) {
	if sub.Kind != judge.KindAnswer {
		return judge.Submission{}, judge.Errorf(judge.EINVALID, "per-case outputs are an answer: kind must be \"answer\", found %q", sub.Kind)
	}
	if outputs == nil {
		outputs = map[string]string{}
	}
	return s.submit(ctx, v, sub, outputs)
}

func (s *Service) submit(ctx context.Context, v judge.User, sub judge.Submission, outputs map[string]string) (judge.Submission, error) {
	if err := judge.Allow(v, judge.CanSubmit(v), "only a logged-in user may submit"); err != nil {
		return judge.Submission{}, err
	}
	sub.UserID, sub.Username = v.ID, v.Username
	if err := s.admit(ctx, v, sub); err != nil {
		return judge.Submission{}, err
	}
	var err error
	if sub.Kind == judge.KindProgram { // its size is the problem's limits.code (checkProgram)
		err = validText(fieldSource, sub.Payload, len(sub.Payload))
	} else {
		sub.Payload, err = puzzleText(fieldSubmission, sub.Payload, judge.MaxPayloadBytes)
	}
	if err != nil {
		return judge.Submission{}, err
	}
	if sub.Kind != judge.KindProgram {
		sub.Language = ""
	}
	sub.Puzzle, sub.Board, sub.Results, sub.Outputs, sub.History, sub.Changed = "", "", nil, nil, nil, false
	sub.CompileOutput, sub.CPUMs, sub.MemoryKiB = "", 0, 0
	switch sub.Kind {
	case judge.KindAnswer:
		in, err := s.Input(ctx, v, sub.ProblemSlug)
		if err != nil {
			return judge.Submission{}, err
		}
		if err := bindAnswer(in, &sub); err != nil {
			return judge.Submission{}, err
		}
		if outputs != nil {
			if err := bindOutputs(in, outputs, &sub); err != nil {
				return judge.Submission{}, err
			}
		}
		sub.ProblemID, sub.CaseID = in.Problem.ID, 0
	case judge.KindMoves:
		if _, err := s.Visible(ctx, v, sub.ProblemSlug); err != nil {
			return judge.Submission{}, err
		}
		p, c, ok, err := s.store.MoveTarget(ctx, sub.ProblemSlug, sub.CaseID)
		if err != nil {
			return judge.Submission{}, err
		}
		if !ok {
			return judge.Submission{}, judge.Errort(judge.EINVALID, "no_such_case", "problem {Slug} has no case {Case} (the ids of its boards are in GET /api/v1/problems/{Slug})", "Slug", p.Slug, "Case", sub.CaseID)
		}
		if err := checkMoves(p, c, sub.Payload); err != nil {
			return judge.Submission{}, err
		}
		sub.ProblemID, sub.InputVersion, sub.CaseIDs = p.ID, "", nil
	case judge.KindProgram:
		if err := s.checkProgram(ctx, v, &sub); err != nil {
			return judge.Submission{}, err
		}
	default:
		return judge.Submission{}, judge.Errort(judge.EINVALID, "kind_unknown", "unknown kind {Kind} (want answer, moves or program)", "Kind", strconv.Quote(string(sub.Kind)))
	}
	sub.Puzzle, sub.Board, sub.Results = "", "", nil
	sub.CreatedAt = s.now() // the deadlines of assignments are read on this clock
	if err := s.enterContest(ctx, v, &sub, sub.CreatedAt); err != nil {
		return judge.Submission{}, err
	}
	out, err := s.store.CreateSubmission(ctx, sub)
	if err != nil {
		return judge.Submission{}, err
	}
	if out.ContestID != 0 {
		s.boards.submitted(context.WithoutCancel(ctx), s.store, out)
	}
	s.notify()
	return out, nil
}

// checkMoves refuses a move text that cannot be judged: one longer than the
// engine replays (checkMovesLength), an empty one (except on a board solved
// from the start, where no moves is the optimal answer), or one with more
// moves than the board allows (a Mayan board's n). POST /check still takes
// empty moves.
func checkMoves(p judge.Problem, c judge.Case, moves string) error {
	pz, err := puzzles.Lookup(p.Puzzle)
	if err != nil {
		return err
	}
	if err := checkMovesLength(pz, moves); err != nil {
		return err
	}
	limit := min(pz.MaxMoves(), pz.BoardMoves(c.Input))
	n := pz.CountMoves(moves, limit)
	if n == 0 && !(c.Status == judge.CaseReady && c.Expected.Solvable && c.Expected.Optimal == 0) {
		return judge.Errort(judge.EINVALID, "moves_empty", "the moves are empty: send the moves for board {Board}, {Syntax}", "Board", c.Position, "Syntax", pz.Info().MovesSyntax)
	}
	if n > limit {
		return judge.Errort(judge.EINVALID, "moves_over_limit", "more than {Moves}: a move text for board {Board} may hold at most {Moves}", "Moves", judge.Plural(limit, "move"), "Board", c.Position, "Limit", limit)
	}
	return nil
}

// Submission returns a submission with its results in case order and its
// earlier judgings, to its owner, the members of its owner's team in the
// contest it names, or an instructor; EFORBIDDEN for anyone else.
func (s *Service) Submission(ctx context.Context, v judge.User, id int64) (judge.Submission, error) {
	if err := judge.Allow(v, judge.CanListSubmissions(v), ""); err != nil {
		return judge.Submission{}, err
	}
	sub, err := s.store.Submission(ctx, id)
	if err != nil {
		return judge.Submission{}, err
	}
	may := judge.CanReadSubmission(v, sub)
	if !may && sub.ContestID != 0 {
		if c, err := s.store.Contest(ctx, sub.ContestID); err == nil {
			may = judge.CanReadTeamSubmission(v, c, sub)
		}
	}
	if err := judge.Allow(v, may, "submission %d is not yours", id); err != nil {
		return judge.Submission{}, err
	}
	if err := s.nameResults(ctx, v, &sub); err != nil {
		return judge.Submission{}, err
	}
	if sub.History, err = s.store.History(ctx, id); err != nil {
		return judge.Submission{}, err
	}
	return s.withholding(v).submission(ctx, sub)
}

// Submissions lists submissions newest first, with the total count of the
// filter: everyone's for an instructor, v's own for anyone else (whose
// UserID and Username filters are replaced by v), or, with f.ContestID
// naming a contest where v is in a team, the team's in that contest.
func (s *Service) Submissions(ctx context.Context, v judge.User, f judge.SubmissionFilter) ([]judge.Submission, int, error) {
	if err := judge.Allow(v, judge.CanListSubmissions(v), ""); err != nil {
		return nil, 0, err
	}
	if !judge.CanListAllSubmissions(v) {
		f.UserID, f.Username, f.Usernames = v.ID, "", nil
		if f.ContestID != 0 {
			if c, err := s.store.Contest(ctx, f.ContestID); err == nil {
				if t, ok := c.TeamOf(v.Username); ok {
					f.UserID, f.Usernames = 0, t.Members
				}
			}
		}
	}
	w := s.withholding(v)
	if err := w.filter(ctx, &f); err != nil {
		return nil, 0, err
	}
	subs, total, err := s.store.Submissions(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	for i, sub := range subs {
		if subs[i], err = w.submission(ctx, sub); err != nil {
			return nil, 0, err
		}
	}
	return subs, total, nil
}

// Check judges a move text on one board given inline, now: the board is
// solved under the solve budget (solutions are cached), the moves replayed,
// and the outcome stored as a submission of kind check. The board belongs to
// the caller, so its optimum is reported; a student's board must not be a
// hidden case (EHIDDENBOARD) nor beyond the check limits (see guardCheck),
// and a student waits for a solver slot only briefly (a RetryError).
func (s *Service) Check(ctx context.Context, v judge.User, puzzle, board, moves string) (judge.CheckResult, error) {
	if err := judge.Allow(v, judge.CanSubmit(v), "only a logged-in user may check moves"); err != nil {
		return judge.CheckResult{}, err
	}
	pz, err := puzzles.Lookup(puzzle)
	if err != nil {
		return judge.CheckResult{}, err
	}
	if moves, err = puzzleText(fieldMoveText, moves, judge.MaxPayloadBytes); err != nil {
		return judge.CheckResult{}, err
	}
	if err := checkMovesLength(pz, moves); err != nil {
		return judge.CheckResult{}, err
	}
	input, err := parseSpec(pz, board)
	if err != nil {
		return judge.CheckResult{}, err
	}
	if err := s.guardCheck(ctx, v, pz, input); err != nil {
		return judge.CheckResult{}, err
	}
	key := puzzle + "\x00" + input
	ref, ok := s.checks.Get(key)
	var r judge.Result
	if !ok {
		release, err := s.slots.acquire(ctx, slotClaim{user: v.ID, privileged: v.IsInstructor()}, s.cfg.CheckWait)
		if err != nil {
			return judge.CheckResult{}, err
		}
		start := time.Now()
		ref, err = s.solve(ctx, pz, input, nil)
		release()
		switch {
		case ctx.Err() != nil:
			return judge.CheckResult{}, ctx.Err()
		case err != nil:
			r = judge.Result{Verdict: judge.JudgeError}.With(judge.M("reference_failed_board", "Error", err.Error()))
		default:
			s.checks.Put(key, ref)
			if s.cfg.OnSolved != nil {
				s.cfg.OnSolved(pz.Name(), time.Since(start))
			}
		}
	}
	if r.Verdict == "" {
		r = pz.CheckMoves(input, &ref, moves)
		if ref.Solvable {
			r.Optimal = ref.Optimal
		}
	}
	res := judge.CaseResult{CaseName: "board", Position: 1, Verdict: r.Verdict, Message: r.Message, MessageID: r.MessageID, MessageArgs: r.MessageArgs, Used: r.Used, Optimal: r.Optimal, Score: r.Score}
	verdict, score := judge.Combine([]judge.CaseResult{res})
	// Created and judged at the same instant: the store would otherwise
	// stamp created_at after this judged_at.
	now := time.Now().UTC()
	sub, err := s.store.CreateJudged(ctx, judge.Submission{
		UserID: v.ID, Kind: judge.KindCheck, Puzzle: puzzle, Board: input, Payload: moves,
		Status: judge.StatusDone, Verdict: verdict, Score: score, CreatedAt: now, JudgedAt: &now,
	}, []judge.CaseResult{res})
	if err != nil {
		return judge.CheckResult{}, err
	}
	if s.cfg.OnJudged != nil {
		s.cfg.OnJudged(verdict)
	}
	return judge.CheckResult{Verdict: r.Verdict, Score: score, Used: r.Used, Optimal: r.Optimal, Message: r.Message, SubmissionID: sub.ID}, nil
}

// puzzleText is validText for a puzzle text a user sends (a board, moves,
// an output) and returns the text to parse: without one leading UTF-8 byte
// order mark, which Windows Notepad writes at the start of a file and no
// one sees. Every such text passes here before it is parsed or stored, so
// that line and column numbers count from what the user sees; a second
// mark, or one further in, stays an error of the parser.
func puzzleText(what *judge.Error, text string, max int) (string, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	return text, validText(what, text, max)
}

// validText rejects texts that are too long, hold a NUL byte or are not
// UTF-8: PostgreSQL could not store them, and no puzzle text needs them.
func validText(what *judge.Error, text string, max int) error {
	switch {
	case len(text) > max:
		return judge.Errort(judge.EINVALID, "text_too_long", "{What} has more than {Max} bytes", "What", what, "Max", max)
	case strings.IndexByte(text, 0) >= 0:
		return judge.Errort(judge.EINVALID, "text_nul", "{What} contains a NUL byte", "What", what)
	case !utf8.ValidString(text):
		return judge.Errort(judge.EINVALID, "text_utf8", "{What} is not valid UTF-8", "What", what)
	}
	return nil
}

// The texts that validText names: nouns of the errors catalogue
// (err_field_*), so that a page names them in the reader's language. Only
// their Message is read.
var (
	fieldTitle       = judge.Errort(judge.EINVALID, "field_title", "the title")
	fieldCaseName    = judge.Errort(judge.EINVALID, "field_case_name", "the case name")
	fieldTokenName   = judge.Errort(judge.EINVALID, "field_token_name", "the token name")
	fieldStatement   = judge.Errort(judge.EINVALID, "field_statement", "statement")
	fieldStatementZH = judge.Errort(judge.EINVALID, "field_statement_zh", "statement_zh")
	fieldTitleZH     = judge.Errort(judge.EINVALID, "field_title_zh", "title_zh")
	fieldSource      = judge.Errort(judge.EINVALID, "field_source", "the source")
	fieldSubmission  = judge.Errort(judge.EINVALID, "field_submission", "the submission")
	fieldBoard       = judge.Errort(judge.EINVALID, "field_board", "the board")
	fieldMoveText    = judge.Errort(judge.EINVALID, "field_move_text", "the move text")
)

// fieldOutput names the output of a case in validText's errors.
func fieldOutput(name string) *judge.Error {
	return judge.Errort(judge.EINVALID, "field_output", "the output {Name}", "Name", strconv.Quote(name))
}

// checkMovesLength refuses (EINVALID) a move text longer than the puzzle's
// engine replays, before it is stored: storing a megabyte of moves for each
// submission was a cheap way to fill the disk. Bytes are bounded too, at a
// generous 16 per move, so that padding between moves cannot make a text
// large either.
func checkMovesLength(pz judge.Puzzle, moves string) error {
	limit := pz.MaxMoves()
	if n := pz.CountMoves(moves, limit); n > limit {
		return judge.Errort(judge.EINVALID, "moves_too_many", "the moves hold more than {Limit} moves, the most a {Puzzle} move text may have", "Limit", limit, "Puzzle", pz.Name())
	}
	if maxBytes := 16 * limit; len(moves) > maxBytes {
		return judge.Errort(judge.EINVALID, "moves_too_long", "the moves have {Bytes} bytes; a {Puzzle} move text may have at most {Limit} moves and {MaxBytes} bytes", "Bytes", len(moves), "Puzzle", pz.Name(), "Limit", limit, "MaxBytes", maxBytes)
	}
	return nil
}
