package service

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/sandbox"
)

// Runs on a student's own input (issue 34, judge/run.go): compiled and run
// once, under the problem's limits, never stored as a submission.
//
// A run shares the programs' capacity with the fair queue instead of going
// around it, in two ways:
//   - it holds a lease in the store (judge.RunStore) while it runs, which
//     counts as one of its user's claims of the programs' lane: a user with
//     Config.PerUser programs being judged or run gets 429 until one ends,
//     in every process, and a user running a program has their queued
//     programs go behind those of users who hold nothing, as a second
//     program of theirs would;
//   - it takes one of this process's Config.ProgramsAtOnce slots, the ones
//     the queue's workers take, for its compile and its run: runs and
//     judged programs together never use more of the machine than the
//     queue alone would. A run that finds no slot within runSlotWait is
//     refused (503 busy, Retry-After) rather than held past the client's
//     patience.

// runSlotWait bounds how long a run waits for a program slot.
const runSlotWait = 10 * time.Second

// runLease bounds a run's lease in the store: far above a compile
// (Config.CompileCPU) and a run's wall cap, so that only a process killed
// mid-run leaves one, and it lapses by itself.
const runLease = 5 * time.Minute

// Run compiles r.Source and runs it once on r.Input for v (judge.CanRun),
// under the limits of the problem's programs, and returns what it did.
// The program's own failures are statuses of the outcome; errors are the
// request's (invalid, too large, not allowed, too many at once) or the
// sandbox's (unavailable, busy).
func (s *Service) Run(ctx context.Context, v judge.User, r judge.Run) (judge.RunOutcome, error) {
	if err := judge.Allow(v, judge.CanRun(v), ""); err != nil {
		return judge.RunOutcome{}, err
	}
	p, err := s.Visible(ctx, v, r.ProblemSlug)
	if err != nil {
		return judge.RunOutcome{}, err
	}
	if err := takes(v, p, judge.KindProgram); err != nil {
		return judge.RunOutcome{}, err
	}
	if s.cfg.Sandbox == nil {
		return judge.RunOutcome{}, s.sandboxUnavailable()
	}
	if r.Language == "" {
		return judge.RunOutcome{}, judge.Errort(judge.EINVALID, "language_required", "field \"language\" is required for kind \"program\": one of {Languages}", "Languages", s.languageIDs())
	}
	if !s.hasLanguage(r.Language) {
		return judge.RunOutcome{}, judge.Errort(judge.EINVALID, "language_unknown", "unknown language {Language}: this server offers {Languages} (GET /api/v1/languages)", "Language", strconv.Quote(r.Language), "Languages", s.languageIDs())
	}
	if strings.TrimSpace(r.Source) == "" {
		return judge.RunOutcome{}, judge.Errort(judge.EINVALID, "source_empty", "the source is empty")
	}
	lim := programLimits(p)
	if len(r.Source) > lim.codeKiB<<10 {
		return judge.RunOutcome{}, judge.Errort(judge.ETOOLARGE, "source_too_large", "the source has {Bytes} bytes; problem {Slug} takes programs of at most {Limit} KiB (limits.code)", "Bytes", len(r.Source), "Slug", p.Slug, "Limit", lim.codeKiB)
	}
	if len(r.Input) > judge.MaxRunInput {
		return judge.RunOutcome{}, judge.Errort(judge.ETOOLARGE, "run_input_too_large", "the input has {Bytes} bytes; a run takes at most {Limit} KiB", "Bytes", len(r.Input), "Limit", judge.MaxRunInput>>10)
	}

	// The store compares leases with its own clock, not a test's s.now.
	lease, ok, err := s.store.HoldRun(ctx, v.ID, s.cfg.PerUser, time.Now().Add(runLease))
	if err != nil {
		return judge.RunOutcome{}, err
	}
	if !ok {
		return judge.RunOutcome{}, &judge.RetryError{After: 5 * time.Second, Err: judge.Errort(judge.ERATELIMITED, "run_too_many",
			"you have {Count} programs being judged or run, the most one user may have at once: try again when one has finished", "Count", s.cfg.PerUser)}
	}
	defer func() {
		if err := s.store.DropRun(context.WithoutCancel(ctx), lease); err != nil {
			s.log.Warn("dropping a run's lease; it lapses by itself", "err", err)
		}
	}()
	wait := time.NewTimer(runSlotWait)
	defer wait.Stop()
	select {
	case s.programSlots <- struct{}{}:
		defer func() { <-s.programSlots }()
	case <-wait.C:
		return judge.RunOutcome{}, &judge.RetryError{After: runSlotWait, Err: judge.Errort(judge.EBUSY, "run_busy",
			"every program slot of the judge is busy: try again in {Seconds} s", "Seconds", int(runSlotWait/time.Second))}
	case <-ctx.Done():
		return judge.RunOutcome{}, ctx.Err()
	}
	return s.run(ctx, r, lim)
}

// run compiles and runs r in the sandbox, within its slot and lease.
func (s *Service) run(ctx context.Context, r judge.Run, lim limitsOfProgram) (judge.RunOutcome, error) {
	sb := s.cfg.Sandbox
	lim.compile.CPU = min(lim.compile.CPU, s.cfg.CompileCPU)
	c, err := sb.Compile(ctx, r.Language, []byte(r.Source), lim.compile)
	if err != nil {
		return judge.RunOutcome{}, s.runFailed(err)
	}
	out := judge.RunOutcome{CompileOutput: capCompileOutput(c.Output)}
	if !c.OK() {
		out.Status = judge.RunCompileError
		out.Msg = judge.M("compile_failed")
		if first := firstError(out.CompileOutput); first != "" {
			out.Msg = judge.M("compile_failed_first", "First", first)
		}
		out.Message = out.Msg.Text()
		return out, nil
	}
	res, err := sb.Run(ctx, c.Artifact, []byte(r.Input), lim.run)
	if err != nil {
		return judge.RunOutcome{}, s.runFailed(err)
	}
	switch res.Status {
	case sandbox.StatusOK:
		out.Status = judge.RunOK
	case sandbox.StatusTimeLimit:
		out.Status = judge.RunTimeLimit
	case sandbox.StatusMemoryLimit:
		out.Status = judge.RunMemoryLimit
	case sandbox.StatusOutputLimit:
		out.Status = judge.RunOutputLimit
	case sandbox.StatusRuntimeError:
		out.Status = judge.RunRuntimeError
	default:
		return judge.RunOutcome{}, s.runFailed(fmt.Errorf("sandbox status %q", res.Status))
	}
	out.Stdout = judge.CutText(string(res.Stdout), judge.MaxRunStdout)
	out.Truncated = len(res.Stdout) > judge.MaxRunStdout
	out.Stderr = judge.CutText(string(res.Stderr), judge.MaxRunShown)
	out.ExitStatus, out.Message = res.ExitStatus, res.Message
	if res.Msg.ID != "" && res.Msg.Text() == res.Message {
		out.Msg = res.Msg
	}
	out.CPUMs, out.WallMs, out.MemoryKiB = res.CPU.Milliseconds(), res.Wall.Milliseconds(), res.MemoryKiB
	return out, nil
}

// runFailed is the error of a run the sandbox failed (never the
// program's fault): busy when the machine starved it, else unavailable;
// the cause goes to the log, not to the student.
func (s *Service) runFailed(err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if errors.Is(err, sandbox.ErrBusy) {
		return &judge.RetryError{After: 30 * time.Second, Err: judge.Errort(judge.EBUSY, "run_machine_busy",
			"the machine was too busy to run the program fairly: try again in a minute")}
	}
	s.log.Error("a run failed in the sandbox", "err", err)
	return judge.Errort(judge.EUNAVAILABLE, "run_sandbox_failed", "the sandbox failed to run the program: try again")
}
