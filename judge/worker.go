package judge

import (
	"context"
	"fmt"
	"time"
)

// work is one worker: it claims a batch of pending submissions, judges them
// and writes the batch in one transaction, until ctx ends.
func (s *Service) work(ctx context.Context) {
	idle := time.NewTimer(0)
	defer idle.Stop()
	for ctx.Err() == nil {
		// Not cancelled by Close: a claim cut short could leave rows judging
		// that no one judges until the next start. Claims take milliseconds.
		claims, err := s.store.Claim(context.WithoutCancel(ctx), s.cfg.Batch)
		if err != nil && ErrorCode(err) != EUNAVAILABLE { // the store says that one, once a minute
			s.log.Error("claiming submissions", "err", err)
		}
		if len(claims) == 0 {
			idle.Reset(s.cfg.PollInterval)
			select {
			case <-ctx.Done():
			case <-s.wake:
			case <-idle.C:
			}
			continue
		}
		if len(claims) == s.cfg.Batch {
			s.notify() // more may be waiting: let another worker claim too
		}
		judged, release := s.judgeBatch(ctx, claims)
		if len(release) > 0 {
			s.release(ctx, release)
			idle.Reset(s.cfg.PollInterval) // give the database a moment
			select {
			case <-ctx.Done():
			case <-idle.C:
			}
		}
		if len(judged) == 0 {
			continue
		}
		written, err := s.finish(ctx, judged)
		if err != nil {
			// Queued again, to be judged once the database takes writes,
			// without waiting for a restart.
			if ErrorCode(err) != EUNAVAILABLE { // the store says that one, once a minute
				s.log.Error("writing verdicts", "err", err, "submissions", len(judged))
			}
			s.release(ctx, claimsOf(judged))
			continue
		}
		if s.cfg.OnJudged != nil {
			for _, j := range judged {
				if written[j.ID] {
					s.cfg.OnJudged(j.Verdict)
				}
			}
		}
		if len(claims) < s.cfg.Batch {
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

// maxRetryDelay caps the waits between attempts to write a batch.
const maxRetryDelay = 5 * time.Second

// finishAttempts bounds the attempts to write one batch before its claims
// are released: about 1.5 s of waits with the default RetryDelay.
const finishAttempts = 5

// finish writes a batch, trying again with a doubling wait when the database
// fails (a lock held too long by another process, a dropped connection, a
// full disk). The batch is written even when Close has begun, so that the
// work in hand is not lost; but then it is not tried again.
func (s *Service) finish(ctx context.Context, judged []Judged) (map[int64]bool, error) {
	var err error
	delay := s.cfg.RetryDelay
	for attempt := range finishAttempts {
		if attempt > 0 {
			if ErrorCode(err) != EUNAVAILABLE {
				s.log.Warn("writing verdicts failed, trying again", "err", err, "attempt", attempt)
			}
			if !sleep(ctx, delay) {
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
func (s *Service) release(ctx context.Context, claims []Claim) {
	delay := s.cfg.RetryDelay
	for {
		err := s.store.Release(context.WithoutCancel(ctx), claims)
		if err == nil {
			return
		}
		if ErrorCode(err) != EUNAVAILABLE {
			s.log.Error("releasing claims", "err", err, "submissions", len(claims))
		}
		if !sleep(ctx, delay) {
			return
		}
		delay = min(2*delay, maxRetryDelay)
	}
}

// claimsOf returns the claims that judged answers.
func claimsOf(judged []Judged) []Claim {
	claims := make([]Claim, len(judged))
	for i, j := range judged {
		claims[i] = Claim{Submission: Submission{ID: j.ID}, Token: j.Token}
	}
	return claims
}

// sleep waits for d, or until ctx ends; it reports whether it waited all of d.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// problemData is what judging needs of a problem, loaded once per batch.
type problemData struct {
	problem Problem
	puzzle  Puzzle
	cases   []Case
	inputs  []string
	err     error
}

func (s *Service) load(ctx context.Context, id int64) *problemData {
	d := &problemData{}
	d.problem, d.err = s.store.ProblemByID(ctx, id)
	if d.err != nil {
		return d
	}
	if d.puzzle, d.err = Lookup(d.problem.Puzzle); d.err != nil {
		return d
	}
	if d.cases, d.err = s.store.Cases(ctx, id); d.err != nil {
		return d
	}
	d.inputs = make([]string, len(d.cases))
	for i, c := range d.cases {
		d.inputs[i] = c.Input
	}
	return d
}

// judgeBatch judges the claims whose problem could be read; the others are
// returned to be released, so that a passing database failure does not
// become a verdict.
func (s *Service) judgeBatch(ctx context.Context, claims []Claim) (judged []Judged, release []Claim) {
	problems := map[int64]*problemData{}
	judged = make([]Judged, 0, len(claims))
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
		results := s.judgeOne(c.Submission, d)
		v, score := combine(results)
		judged = append(judged, Judged{ID: c.ID, Token: c.Token, Verdict: v, Score: score, JudgedAt: now, Results: results})
	}
	return judged, release
}

// judgeOne returns the case results of a submission. It never panics: an
// engine that does is the judge's fault, reported as judge_error.
func (s *Service) judgeOne(sub Submission, d *problemData) (results []CaseResult) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("judging panicked", "submission", sub.ID, "panic", fmt.Sprint(r))
			results = []CaseResult{{CaseID: sub.CaseID, Position: 1, Verdict: JudgeError, Message: "internal error while judging"}}
		}
	}()
	switch sub.Kind {
	case KindAnswer:
		return judgeAnswer(sub, d)
	case KindMoves:
		return judgeMoves(sub, d)
	}
	return []CaseResult{{Verdict: JudgeError, Message: fmt.Sprintf("unknown kind %q", sub.Kind)}}
}

func judgeAnswer(sub Submission, d *problemData) []CaseResult {
	if len(d.cases) == 0 {
		return []CaseResult{{Verdict: JudgeError, Message: "the problem has no cases yet"}}
	}
	answers, surplus := d.puzzle.SplitAnswers(d.inputs, sub.Payload)
	results := make([]CaseResult, len(d.cases), len(d.cases)+1)
	for i, c := range d.cases {
		var r Result
		switch {
		case c.Status != CaseReady:
			r = unavailable(c)
		case i >= len(answers):
			r = Result{Verdict: WrongAnswer, Message: "no output for this case"}
		default:
			r = d.puzzle.CheckAnswer(c.Input, c.Expected, answers[i], d.problem.Checker == CheckerAnyValid)
		}
		results[i] = caseResult(c, r)
	}
	if len(surplus) > 0 {
		results = append(results, CaseResult{
			CaseName: surplusName, Position: len(d.cases) + 1, Verdict: WrongAnswer,
			Message: fmt.Sprintf("line %d: output after the last case (%d more lines)", surplus[0].No, len(surplus)),
		})
	}
	return results
}

func judgeMoves(sub Submission, d *problemData) []CaseResult {
	for _, c := range d.cases {
		if c.ID != sub.CaseID {
			continue
		}
		var ref *Solution
		if c.Status == CaseReady {
			ref = &c.Expected
		}
		r := d.puzzle.CheckMoves(c.Input, ref, sub.Payload)
		if r.Verdict == JudgeError && c.Status != CaseReady {
			r = unavailable(c)
		}
		return []CaseResult{caseResult(c, r)}
	}
	return []CaseResult{{CaseID: sub.CaseID, Position: 1, Verdict: JudgeError, Message: "this case was removed from the problem"}}
}

// unavailable is the result of a case whose reference answer is missing.
func unavailable(c Case) Result {
	if c.Status == CaseFailed {
		return Result{Verdict: JudgeError, Message: "the reference solver could not solve this case; it is not your fault"}
	}
	return noReference()
}

// caseResult stores a Result for a case. The optimum of a hidden case is
// kept only when the student's text solved it: only a solution earns it,
// whatever a checker put in the Result.
func caseResult(c Case, r Result) CaseResult {
	if !c.Sample && r.Verdict != Accepted && r.Verdict != Suboptimal && !r.Solved {
		r.Optimal = 0
	}
	return CaseResult{
		CaseID: c.ID, CaseName: c.Name, Position: c.Position,
		Verdict: r.Verdict, Message: r.Message, Used: r.Used, Optimal: r.Optimal, Score: r.Score,
	}
}
