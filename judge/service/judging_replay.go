package service

import (
	"context"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// stepper returns the puzzle of that name and its Stepper, or EINVALID when
// it has none.
func stepper(name string) (judge.Puzzle, judge.Stepper, error) {
	pz, err := puzzles.Lookup(name)
	if err != nil {
		return nil, nil, err
	}
	st, ok := pz.(judge.Stepper)
	if !ok {
		return nil, nil, judge.Errorf(judge.EINVALID, "puzzle %s has no step-by-step replay", pz.Name())
	}
	return pz, st, nil
}

// ReplayMoves replays moves on a board given inline, for anyone: nothing is
// stored and no solver runs. It is public, so its cost is bounded: the move
// text by MaxReplayMoveBytes and the board by the limits students have
// elsewhere (replayLimits), since a replay holds a board per step and a
// 30x30 board of 2,048 moves answered 4.65 MB for a 6.3 KB request.
func (s *Service) ReplayMoves(ctx context.Context, puzzle, board, moves string) (judge.Replay, error) {
	pz, st, err := stepper(puzzle)
	if err != nil {
		return judge.Replay{}, err
	}
	if moves, err = puzzleText(fieldMoveText, moves, judge.MaxReplayMoveBytes); err != nil {
		return judge.Replay{}, err
	}
	input, err := parseSpec(pz, board)
	if err != nil {
		return judge.Replay{}, err
	}
	l, err := s.replayLimits(ctx, pz)
	if err != nil {
		return judge.Replay{}, err
	}
	if err := pz.CheckLimits(input, l); err != nil {
		return judge.Replay{}, judge.Errort(judge.EINVALID, "replay_limits", "{Reason}: a public replay takes the boards of the published problems and of /check (config keys check_max_size, check_max_colors, check_max_moves)",
			"Reason", checkLimitReason(err))
	}
	select {
	case s.publicReplays <- struct{}{}:
	case <-ctx.Done():
		return judge.Replay{}, ctx.Err()
	}
	defer func() { <-s.publicReplays }()
	return st.Steps(input, moves), nil
}

// replayLimits are the largest boards of the puzzle a student may play or
// check: the check limits widened by every published problem's limits (a
// bound of 0 is the engine's own, so it stays 0).
func (s *Service) replayLimits(ctx context.Context, pz judge.Puzzle) (judge.Limits, error) {
	problems, err := s.store.Problems(ctx)
	if err != nil {
		return judge.Limits{}, err
	}
	l := s.cfg.CheckLimits
	for _, p := range problems {
		if p.Puzzle == pz.Name() && p.VisibleTo(judge.User{}) {
			l = judge.Limits{MaxSize: widen(l.MaxSize, p.Limits.MaxSize), MaxColors: widen(l.MaxColors, p.Limits.MaxColors), MaxMoves: widen(l.MaxMoves, p.Limits.MaxMoves)}
		}
	}
	return l, nil
}

// widen is the larger of two bounds where 0 means none.
func widen(a, b int) int {
	if a == 0 || b == 0 {
		return 0
	}
	return max(a, b)
}

// ReplaySubmission replays a submission step by step, for its owner and
// instructors: the moves of a moves or check submission on its board, and
// for an answer the moves it holds for each case (Rotation, Mayan).
func (s *Service) ReplaySubmission(ctx context.Context, v judge.User, id int64) (judge.SubmissionReplay, error) {
	sub, err := s.Submission(ctx, v, id)
	if err != nil {
		return judge.SubmissionReplay{}, err
	}
	out := judge.SubmissionReplay{Submission: sub}
	switch sub.Kind {
	case judge.KindCheck:
		out.Puzzle, out.Start = sub.Puzzle, sub.Board
	case judge.KindMoves:
		p, c, err := s.caseOf(ctx, sub.ProblemSlug, sub.CaseID)
		if err != nil {
			return judge.SubmissionReplay{}, err
		}
		if err := judge.Allow(v, judge.CanReadInput(v, p, c), "%s of problem %s is secret: its replay would show it", judge.HiddenCaseName(c.Position), p.Slug); err != nil {
			return judge.SubmissionReplay{}, err
		}
		out.Puzzle, out.Start = p.Puzzle, c.Input
	case judge.KindAnswer:
		return s.replayAnswer(ctx, v, out)
	}
	_, st, err := stepper(out.Puzzle)
	if err != nil {
		return judge.SubmissionReplay{}, err
	}
	// A moves submission never changes, nor does its board: its replay is
	// kept, since a reader pages through it one call a page and each call
	// replayed all of it (24 ms of CPU for 10,000 moves).
	r, ok := s.replays.Get(sub.ID)
	if !ok {
		r = st.Steps(out.Start, sub.Payload)
		s.replays.Put(sub.ID, r)
	}
	out.Replay = &r
	return out, nil
}

// replayAnswer cuts an answer into its cases like the judge does (the
// cases it answered, a whole output split over all of them, deleted ones
// included, or each per-case output on its own case) and replays the moves
// of each case that is still there and whose board v may read, under the
// name v may read; a puzzle whose answers hold no moves (Flood-it's
// numbers) is EINVALID.
func (s *Service) replayAnswer(ctx context.Context, v judge.User, out judge.SubmissionReplay) (judge.SubmissionReplay, error) {
	d := s.load(ctx, out.Submission.ProblemID)
	if d.err != nil {
		return judge.SubmissionReplay{}, d.err
	}
	out.Puzzle = d.problem.Puzzle
	pz, st, err := stepper(d.problem.Puzzle)
	if err != nil {
		return judge.SubmissionReplay{}, err
	}
	cases := answeredCases(out.Submission, d)
	answers := make([]judge.Answer, len(cases))
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
		split, _ := pz.SplitAnswers(judge.CaseInputs(cases), out.Submission.Payload)
		copy(answers, split)
	}
	if len(answers) > 0 && !anyMoves(st, answers) {
		return judge.SubmissionReplay{}, judge.Errorf(judge.EINVALID, "the answers of puzzle %s hold no moves to replay", pz.Name())
	}
	out.Cases = []judge.CaseReplay{}
	for i, a := range answers {
		moves, ok := st.AnswerMoves(a)
		c := cases[i]
		if !ok || c.Deleted || !judge.CanReadInput(v, d.problem, c) {
			continue
		}
		out.Cases = append(out.Cases, judge.CaseReplay{CaseID: c.ID, CaseName: judge.CaseNameFor(v, c), Start: c.Input, Replay: st.Steps(c.Input, moves)})
	}
	return out, nil
}

// anyMoves reports whether any answer holds moves.
func anyMoves(st judge.Stepper, answers []judge.Answer) bool {
	for _, a := range answers {
		if _, ok := st.AnswerMoves(a); ok {
			return true
		}
	}
	return false
}
