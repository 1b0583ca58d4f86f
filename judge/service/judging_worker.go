package service

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"puzzlejudge/internal/ctxtime"
	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// work is one worker of the answers' lane (answers and moves): it claims a
// batch of them, users in turn, judges them and writes the batch in one
// transaction, until ctx ends. Programs have their own workers
// (workPrograms), so that an answer never waits behind a compile.
func (s *Service) work(ctx context.Context) {
	idle := time.NewTimer(0)
	defer idle.Stop()
	for ctx.Err() == nil {
		// Not cancelled by Close: a claim cut short could leave rows judging
		// that no one judges until the next start. Claims take milliseconds.
		claims, err := s.store.ClaimLane(context.WithoutCancel(ctx), judge.LaneAnswers, s.cfg.Batch, 0)
		if err != nil && judge.ErrorCode(err) != judge.EUNAVAILABLE { // the store says that one, once a minute
			s.log.Error("claiming submissions", "err", err)
		}
		if len(claims) == 0 {
			waitIdle(ctx, idle, s.cfg.PollInterval, s.wake)
			continue
		}
		full := len(claims) == s.cfg.Batch
		if full {
			s.notify() // more may be waiting: let another worker claim too
		}
		if !s.judgeAnswers(ctx, claims) {
			continue
		}
		if !full {
			// Let submissions gather: the first of a quiet spell is judged
			// at once, the ones that follow it in a few batches.
			idle.Reset(s.cfg.BatchDelay)
			select {
			case <-ctx.Done():
			case <-idle.C:
			}
		}
	}
}

// waitIdle waits d on idle, or until wake says there is work, or ctx ends.
func waitIdle(ctx context.Context, idle *time.Timer, d time.Duration, wake <-chan struct{}) {
	idle.Reset(d)
	select {
	case <-ctx.Done():
	case <-wake:
	case <-idle.C:
	}
}

// judgeAnswers judges and writes claims of answers and moves in one
// transaction. It reports false when the worker should look for work again
// at once: nothing was written, or the claims went back to pending.
func (s *Service) judgeAnswers(ctx context.Context, claims []judge.Claim) bool {
	judged, release := s.judgeBatch(ctx, claims)
	if len(release) > 0 {
		s.release(ctx, release)
		ctxtime.Sleep(ctx, s.cfg.PollInterval) // give the database a moment
	}
	if len(judged) == 0 {
		return false
	}
	written, err := s.finish(ctx, judged)
	if err != nil {
		// Queued again, to be judged once the database takes writes,
		// without waiting for a restart.
		if judge.ErrorCode(err) != judge.EUNAVAILABLE { // the store says that one, once a minute
			s.log.Error("writing verdicts", "err", err, "submissions", len(judged))
		}
		s.release(ctx, claimsOf(judged))
		return false
	}
	s.boards.judged(judged, written)
	if s.cfg.OnJudged != nil {
		for _, j := range judged {
			if written[j.ID] {
				s.cfg.OnJudged(j.Verdict)
			}
		}
	}
	return true
}

// maxRetryDelay caps the waits between attempts to write a batch.
const maxRetryDelay = 5 * time.Second

// finishAttempts bounds the attempts to write one batch before its claims
// are released: about 1.5 s of waits with the default RetryDelay.
const finishAttempts = 5

// finish writes a batch, trying again with a doubling wait when the database
// fails (a lock held too long by another process, a dropped connection, a
// full disk). The batch is written even when Close has begun, so that the
// work in hand is not lost; but then it is not tried again.
func (s *Service) finish(ctx context.Context, judged []judge.Judged) (map[int64]bool, error) {
	var err error
	delay := s.cfg.RetryDelay
	for attempt := range finishAttempts {
		if attempt > 0 {
			if judge.ErrorCode(err) != judge.EUNAVAILABLE {
				s.log.Warn("writing verdicts failed, trying again", "err", err, "attempt", attempt)
			}
			if !ctxtime.Sleep(ctx, delay) {
				break
			}
			delay = min(2*delay, maxRetryDelay)
		}
		var written map[int64]bool
		if written, err = s.store.Finish(context.WithoutCancel(ctx), judged); err == nil {
			return written, nil
		}
	}
	return nil, err
}

// release puts claims back to pending, trying again with a doubling wait
// while the database refuses. It gives up only when ctx ends; the next
// Start (or, with a ClaimTimeout, the next sweep) queues them then.
func (s *Service) release(ctx context.Context, claims []judge.Claim) {
	delay := s.cfg.RetryDelay
	for {
		err := s.store.Release(context.WithoutCancel(ctx), claims)
		if err == nil {
			return
		}
		if judge.ErrorCode(err) != judge.EUNAVAILABLE {
			s.log.Error("releasing claims", "err", err, "submissions", len(claims))
		}
		if !ctxtime.Sleep(ctx, delay) {
			return
		}
		delay = min(2*delay, maxRetryDelay)
	}
}

// claimsOf returns the claims that judged answers.
func claimsOf(judged []judge.Judged) []judge.Claim {
	claims := make([]judge.Claim, len(judged))
	for i, j := range judged {
		claims[i] = judge.Claim{Submission: judge.Submission{ID: j.ID}, Token: j.Token}
	}
	return claims
}

// problemData is what judging needs of a problem, loaded once per batch:
// every case, the deleted ones too, since a submission is judged against
// the cases it answered.
type problemData struct {
	problem judge.Problem
	puzzle  judge.Puzzle
	cases   []judge.Case // in position order, deleted ones included
	byID    map[int64]judge.Case
	err     error
}

func (s *Service) load(ctx context.Context, id int64) *problemData {
	d := &problemData{}
	d.problem, d.err = s.store.ProblemByID(ctx, id)
	if d.err != nil {
		return d
	}
	if d.puzzle, d.err = puzzles.Lookup(d.problem.Puzzle); d.err != nil {
		return d
	}
	if d.cases, d.err = s.store.CasesForJudging(ctx, id); d.err != nil {
		return d
	}
	d.byID = make(map[int64]judge.Case, len(d.cases))
	for _, c := range d.cases {
		d.byID[c.ID] = c
	}
	return d
}

// judgeBatch judges the claims whose problem could be read; the others are
// returned to be released, so that a passing database failure does not
// become a verdict.
func (s *Service) judgeBatch(ctx context.Context, claims []judge.Claim) (judged []judge.Judged, release []judge.Claim) {
	problems := map[int64]*problemData{}
	judged = make([]judge.Judged, 0, len(claims))
	now := time.Now().UTC() // one time for the batch: it is written at once
	for _, c := range claims {
		d, ok := problems[c.ProblemID]
		if !ok {
			d = s.load(context.WithoutCancel(ctx), c.ProblemID) // the batch is in hand: finish it
			problems[c.ProblemID] = d
			if d.err != nil {
				s.log.Error("loading problem", "problem", c.ProblemID, "err", d.err)
			}
		}
		if d.err != nil {
			release = append(release, c)
			continue
		}
		if cases := waitsFor(c.Submission, d); len(cases) > 0 {
			s.wait(ctx, c, cases)
			continue
		}
		results := s.judgeOne(c.Submission, d)
		v, score := judge.Combine(results)
		judged = append(judged, judge.Judged{ID: c.ID, Token: c.Token, Verdict: v, Score: score, JudgedAt: now, Results: results, Rejudge: c.Verdict != ""})
	}
	return judged, release
}

// judgeOne returns the case results of a submission. It never panics: an
// engine that does is the judge's fault, reported as judge_error.
func (s *Service) judgeOne(sub judge.Submission, d *problemData) (results []judge.CaseResult) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("judging panicked", "submission", sub.ID, "panic", fmt.Sprint(r))
			results = []judge.CaseResult{judge.CaseResult{CaseID: sub.CaseID, Position: 1, Verdict: judge.JudgeError}.With(judge.M("internal_error"))}
		}
	}()
	switch sub.Kind {
	case judge.KindAnswer:
		return judgeAnswer(sub, d)
	case judge.KindMoves:
		return judgeMoves(sub, d)
	}
	return []judge.CaseResult{judge.CaseResult{Verdict: judge.JudgeError}.With(judge.M("unknown_kind", "Kind", strconv.Quote(string(sub.Kind))))}
}

// answeredCases returns the cases an answer answered (CaseIDs), deleted
// ones included, in its order; an answer stored before answers recorded
// their cases answers the current ones.
func answeredCases(sub judge.Submission, d *problemData) []judge.Case {
	var cases []judge.Case
	if len(sub.CaseIDs) == 0 {
		for _, c := range d.cases {
			if !c.Deleted {
				cases = append(cases, c)
			}
		}
	}
	for _, id := range sub.CaseIDs {
		if c, ok := d.byID[id]; ok {
			cases = append(cases, c)
		}
	}
	return cases
}

// judgeAnswer judges an answer against the cases it answered. A case
// deleted since is dropped from the result, and the output for it is
// ignored.
func judgeAnswer(sub judge.Submission, d *problemData) []judge.CaseResult {
	cases := answeredCases(sub, d)
	results := make([]judge.CaseResult, 0, len(cases))
	checker := d.problem.Checker
	if sub.Outputs != nil {
		outputs := outputsByCase(sub.Outputs)
		for _, c := range cases {
			if c.Deleted {
				continue
			}
			text, ok := outputs[c.ID]
			if !ok {
				results = append(results, caseResult(c, missingOutput()))
				continue
			}
			answers, surplus := d.puzzle.SplitAnswers([]string{c.Input}, text)
			results = append(results, caseResult(c, checkAnswer(d.puzzle, c, answers, 0, surplus, afterThisCase, checker)))
		}
	} else {
		answers, surplus := d.puzzle.SplitAnswers(judge.CaseInputs(cases), sub.Payload)
		for i, c := range cases {
			if c.Deleted {
				continue
			}
			var extra judge.Answer
			if i == len(cases)-1 {
				extra = surplus
			}
			results = append(results, caseResult(c, checkAnswer(d.puzzle, c, answers, i, extra, judge.M("after_the_last_case"), checker)))
		}
	}
	if len(results) == 0 {
		return []judge.CaseResult{judge.CaseResult{Verdict: judge.JudgeError}.With(judge.M("all_cases_deleted"))}
	}
	return results
}

// checkAnswer judges answers[i] for case c. Output after the answer (surplus,
// found only after the last case of a whole output, or in a case's own file)
// makes an accepted answer wrong: the statements say so, and a verdict
// never contradicts its score.
func checkAnswer(pz judge.Puzzle, c judge.Case, answers []judge.Answer, i int, surplus judge.Answer, after judge.Msg, checker string) judge.Result {
	var r judge.Result
	switch {
	case c.Status != judge.CaseReady:
		return unavailable(c)
	case i >= len(answers):
		return missingOutput()
	default:
		r = pz.CheckAnswer(c.Input, c.Expected, answers[i], checker)
	}
	if len(surplus) > 0 {
		msg := judge.M("output_after_answer", "Line", surplus[0].No, "After", after, "Lines", judge.M("n_more_lines", "Count", len(surplus)))
		if r.Verdict == judge.Accepted {
			return judge.Result{Verdict: judge.WrongAnswer, Used: r.Used, Optimal: r.Optimal, Solved: true}.With(msg)
		}
		if first, ok := judge.ParseMsg(r.MessageID, r.MessageArgs); ok && r.MessageID != "" && first.Text() == r.Message {
			return r.With(judge.M("and_then", "First", first, "Then", msg))
		}
		r.Message += "; " + msg.Text()
		r.MessageID, r.MessageArgs = "", ""
	}
	return r
}

// afterThisCase names the case an output of one case answers, in the
// message of output after its answer.
var afterThisCase = judge.M("after_this_case")

func missingOutput() judge.Result {
	return judge.NoOutput()
}

// judgeMoves replays moves on their case, also when the case has been
// deleted since: the moves answered that board.
func judgeMoves(sub judge.Submission, d *problemData) []judge.CaseResult {
	c, ok := d.byID[sub.CaseID]
	if !ok {
		return []judge.CaseResult{judge.CaseResult{CaseID: sub.CaseID, Position: 1, Verdict: judge.JudgeError}.With(judge.M("case_removed"))}
	}
	var ref *judge.Solution
	if c.Status == judge.CaseReady {
		ref = &c.Expected
	}
	r := d.puzzle.CheckMoves(c.Input, ref, sub.Payload)
	if r.Verdict == judge.JudgeError && c.Status != judge.CaseReady {
		r = unavailable(c)
	}
	return []judge.CaseResult{caseResult(c, r)}
}

// unavailable is the result of a case whose reference answer is missing.
func unavailable(c judge.Case) judge.Result {
	if c.Status == judge.CaseFailed {
		return judge.Result{Verdict: judge.JudgeError}.With(judge.M("reference_failed"))
	}
	return judge.NoReference()
}

// caseResult stores a Result for a case. The optimum of a hidden case is
// kept only when the student's text solved it: only a solution earns it,
// whatever a checker put in the Result.
func caseResult(c judge.Case, r judge.Result) judge.CaseResult {
	if !c.Sample && r.Verdict != judge.Accepted && r.Verdict != judge.Suboptimal && !r.Solved {
		r.Optimal = 0
	}
	return judge.CaseResult{
		CaseID: c.ID, CaseName: c.Name, Position: c.Position,
		Verdict: r.Verdict, Message: r.Message, MessageID: r.MessageID, MessageArgs: r.MessageArgs, Used: r.Used, Optimal: r.Optimal, Score: r.Score,
	}
}
