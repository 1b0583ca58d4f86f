package service

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"puzzlejudge/judge"
	"puzzlejudge/judge/sandbox"
)

// Programs: a submission of kind program is source code, compiled once and
// run on every current board of its problem in the sandbox (Config.Sandbox),
// each board alone with its input.zip file on stdin; a run that ends well
// has its output judged as that case's output of an answer is.

// SandboxState says whether this server runs programs, and why not.
func (s *Service) SandboxState() (ok bool, reason string) {
	if s.cfg.Sandbox == nil {
		reason = s.cfg.SandboxDown
		if reason == "" {
			reason = "this server runs no sandbox (sandbox: off)"
		}
		return false, reason
	}
	return true, ""
}

// Languages returns the languages programs may be written in, as the
// sandbox found them installed; none when it is off.
func (s *Service) Languages() []sandbox.Language {
	if s.cfg.Sandbox == nil {
		return []sandbox.Language{}
	}
	return s.cfg.Sandbox.Languages()
}

// unavailable is the error of a program sent to a server without a sandbox.
func (s *Service) sandboxUnavailable() error {
	_, reason := s.SandboxState()
	var why any = reason // what the server's start found wrong, in English
	if s.cfg.Sandbox == nil && s.cfg.SandboxDown == "" {
		why = judge.Errort(judge.EUNAVAILABLE, "sandbox_off", "this server runs no sandbox (sandbox: off)")
	}
	return judge.Errort(judge.EUNAVAILABLE, "programs_unavailable", "programs cannot be judged on this server now: {Reason}", "Reason", why)
}

// SubmitProgram stores a program of v as pending, like Submit. Its language
// is sub.Language, or when that is empty the one fileName's extension names
// (main.cpp: cpp). Without a sandbox no extension names a language, so the
// name is not asked for: checkProgram says the sandbox is off (503), not that
// the extension is one of none.
func (s *Service) SubmitProgram(ctx context.Context, v judge.User, sub judge.Submission, fileName string) (judge.Submission, error) {
	sub.Kind = judge.KindProgram
	if sub.Language == "" && fileName != "" && s.cfg.Sandbox != nil {
		l, ok := sandbox.ByExtension(s.Languages(), fileName)
		if !ok {
			return judge.Submission{}, judge.Errort(judge.EINVALID, "language_extension", "no language has the extension of {File}: name it in \"language\" (one of {Languages})", "File", strconv.Quote(fileName), "Languages", s.languageIDs())
		}
		sub.Language = l.ID
	}
	return s.submit(ctx, v, sub, nil)
}

// checkProgram validates a program submission before it is stored: the
// sandbox runs, the problem takes programs, the language is offered and the
// source fits the problem's code limit.
func (s *Service) checkProgram(ctx context.Context, v judge.User, sub *judge.Submission) error {
	p, err := s.Visible(ctx, v, sub.ProblemSlug)
	if err != nil {
		return err
	}
	if err := takes(v, p, judge.KindProgram); err != nil {
		return err
	}
	if s.cfg.Sandbox == nil {
		return s.sandboxUnavailable()
	}
	if sub.Language == "" {
		return judge.Errort(judge.EINVALID, "language_required", "field \"language\" is required for kind \"program\": one of {Languages}", "Languages", s.languageIDs())
	}
	if !s.hasLanguage(sub.Language) {
		return judge.Errort(judge.EINVALID, "language_unknown", "unknown language {Language}: this server offers {Languages} (GET /api/v1/languages)", "Language", strconv.Quote(sub.Language), "Languages", s.languageIDs())
	}
	if strings.TrimSpace(sub.Payload) == "" {
		return judge.Errort(judge.EINVALID, "source_empty", "the source is empty")
	}
	if limit := programLimits(p).codeKiB; len(sub.Payload) > limit<<10 {
		return judge.Errort(judge.ETOOLARGE, "source_too_large", "the source has {Bytes} bytes; problem {Slug} takes programs of at most {Limit} KiB (limits.code)", "Bytes", len(sub.Payload), "Slug", p.Slug, "Limit", limit)
	}
	sub.ProblemID, sub.CaseID, sub.InputVersion, sub.CaseIDs = p.ID, 0, "", nil
	return nil
}

func (s *Service) hasLanguage(id string) bool {
	for _, l := range s.Languages() {
		if l.ID == id {
			return true
		}
	}
	return false
}

func (s *Service) languageIDs() string {
	var ids []string
	for _, l := range s.Languages() {
		ids = append(ids, l.ID)
	}
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// programJudging is the outcome of judging one program: its board results
// and compiler message, or retry when the sandbox failed (never the
// student's fault) and the program must be judged again.
type programJudging struct {
	results       []judge.CaseResult
	compileOutput string
	retry         error
}

// judgeProgram compiles sub once (the sandbox caches the artifact, so a
// rejudge of unchanged source reuses it) and runs it on every current board
// of its problem at once; the sandbox bounds how many run.
func (s *Service) judgeProgram(ctx context.Context, sub judge.Submission, d *problemData) programJudging {
	sb := s.cfg.Sandbox
	if sb == nil {
		return programJudging{results: []judge.CaseResult{judge.CaseResult{Position: 1, Verdict: judge.JudgeError}.
			With(judge.M("program_no_sandbox", "Error", s.sandboxUnavailable().Error()))}}
	}
	lim := programLimits(d.problem)
	lim.compile.CPU = min(lim.compile.CPU, s.cfg.CompileCPU)
	c, err := sb.Compile(ctx, sub.Language, []byte(sub.Payload), lim.compile)
	if err != nil {
		if errors.Is(err, sandbox.ErrUnknownLanguage) {
			return programJudging{results: []judge.CaseResult{judge.CaseResult{Position: 1, Verdict: judge.JudgeError}.
				With(judge.M("program_no_language", "Language", strconv.Quote(sub.Language)))}}
		}
		return programJudging{retry: fmt.Errorf("compiling: %w", err)}
	}
	out := capCompileOutput(c.Output)
	if !c.OK() {
		msg := judge.M("compile_failed")
		if first := firstError(out); first != "" {
			msg = judge.M("compile_failed_first", "First", first)
		}
		return programJudging{compileOutput: out, results: []judge.CaseResult{judge.CaseResult{CaseName: judge.CompileCaseName, Position: 1, Verdict: judge.CompileError}.With(msg)}}
	}
	var cases []judge.Case
	for _, cs := range d.cases {
		if !cs.Deleted {
			cases = append(cases, cs)
		}
	}
	if len(cases) == 0 {
		return programJudging{compileOutput: out, results: []judge.CaseResult{judge.CaseResult{Verdict: judge.JudgeError}.With(judge.M("program_no_boards"))}}
	}
	results := make([]judge.CaseResult, len(cases))
	errs := make([]error, len(cases))
	done := make(chan struct{}, len(cases))
	checker := d.problem.Checker
	for i, cs := range cases {
		go func() {
			defer func() { done <- struct{}{} }()
			results[i], errs[i] = s.runBoard(ctx, c.Artifact, d.puzzle, cs, lim.run, checker)
		}()
	}
	for range cases {
		<-done
	}
	if err := errors.Join(errs...); err != nil {
		return programJudging{retry: err}
	}
	return programJudging{results: results, compileOutput: out}
}

// runBoard runs a compiled program on one board and judges its output; an
// error is the sandbox's own failure.
func (s *Service) runBoard(ctx context.Context, a *sandbox.Artifact, pz judge.Puzzle, c judge.Case, lim sandbox.Limits, checker string) (judge.CaseResult, error) {
	res, err := s.cfg.Sandbox.Run(ctx, a, []byte(pz.JudgeInput([]string{c.Input})), lim)
	if err != nil {
		return judge.CaseResult{}, fmt.Errorf("board %d: %w", c.Position, err)
	}
	var r judge.Result
	switch res.Status {
	case sandbox.StatusOK:
		answers, surplus := pz.SplitAnswers([]string{c.Input}, string(res.Stdout))
		r = checkAnswer(pz, c, answers, 0, surplus, afterThisCase, checker)
	case sandbox.StatusTimeLimit:
		r = runVerdict(judge.TimeLimit, res)
	case sandbox.StatusMemoryLimit:
		r = runVerdict(judge.MemoryLimit, res)
	case sandbox.StatusOutputLimit:
		r = runVerdict(judge.OutputLimit, res)
	case sandbox.StatusRuntimeError:
		r = runVerdict(judge.RuntimeError, res)
		if tail := stderrTail(res.Stderr); tail != "" && c.Sample {
			// On a sample the program's last words say why (a Python
			// traceback's exception); a hidden board's would tell its input.
			reason := any(res.Message)
			if res.Msg.ID != "" && res.Msg.Text() == res.Message {
				reason = res.Msg
			}
			r = judge.Result{Verdict: judge.RuntimeError}.With(judge.M("run_stderr", "Reason", reason, "Stderr", tail))
		}
	default:
		return judge.CaseResult{}, fmt.Errorf("board %d: sandbox status %q", c.Position, res.Status)
	}
	out := caseResult(c, r)
	out.CPUMs, out.WallMs, out.MemoryKiB = res.CPU.Milliseconds(), res.Wall.Milliseconds(), res.MemoryKiB
	if c.Sample {
		// A sample's board is public: what the program made of it is its
		// author's to read (judge.CanReadRunOutput). A hidden board's is
		// never kept.
		out.Run = &judge.RunOutput{Output: judge.CutText(string(res.Stdout), judge.MaxRunShown),
			Stderr: judge.CutText(string(res.Stderr), judge.MaxRunShown), Expected: judge.CutText(c.Expected.Answer, judge.MaxRunShown)}
	}
	return out, nil
}

// runVerdict is the result v of a run that ended as res says: its
// message, with its id when the sandbox gave one that says the same.
func runVerdict(v judge.Verdict, res sandbox.RunResult) judge.Result {
	if res.Msg.ID != "" && res.Msg.Text() == res.Message {
		return judge.Result{Verdict: v}.With(res.Msg)
	}
	return judge.Result{Verdict: v, Message: res.Message}
}

// stderrTail returns the last three lines of a program's standard error
// that say something, joined by " / " and cut to 300 bytes at a rune
// boundary: a Python traceback's place, line and exception.
func stderrTail(stderr []byte) string {
	var lines []string
	for _, l := range strings.Split(strings.ToValidUTF8(string(stderr), "\uFFFD"), "\n") {
		if l = strings.TrimSpace(strings.ReplaceAll(l, "\x00", "")); l != "" {
			lines = append(lines, l)
		}
	}
	s := strings.Join(lines[max(0, len(lines)-3):], " / ")
	if len(s) > 300 {
		cut := 300
		for cut > 0 && !isRuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

// capCompileOutput cuts a compiler's message to MaxCompileOutput bytes, at
// a rune boundary (the sandbox cuts it there already; this keeps the
// domain's promise whatever the runner).
func capCompileOutput(s string) string {
	s = strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "\uFFFD")
	if len(s) <= judge.MaxCompileOutput {
		return s
	}
	cut := judge.MaxCompileOutput
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// firstError returns the compiler's first line that says "error" (or its
// first line), cut to 200 bytes, for the board's message.
func firstError(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	line := lines[0]
	for _, l := range lines {
		if strings.Contains(l, "error") {
			line = l
			break
		}
	}
	line = strings.TrimSpace(line)
	if len(line) > 200 {
		line = line[:200] + "..."
	}
	return strings.ToValidUTF8(line, "")
}

// maxSandboxAttempts bounds the judgings of one program that the sandbox
// fails in this process: after that its boards are stored as judge_error,
// so that a program the sandbox cannot take does not hold the queue.
const maxSandboxAttempts = 3

// judgePrograms judges claimed programs, Config.ProgramsAtOnce at a time in
// claim order, each written as soon as it is judged (a slow program does
// not hold the others' verdicts back). Their leases are renewed while they
// are in hand (see heldClaims). A program the sandbox failed on, or one cut
// short by Close, goes back to pending and is judged again; its claim, like
// every claim, is a lease, so a process killed meanwhile loses nothing
// either.
func (s *Service) judgePrograms(ctx context.Context, claims []judge.Claim) {
	problems := map[int64]*problemData{}
	for _, c := range claims {
		if _, ok := problems[c.ProblemID]; !ok {
			d := s.load(context.WithoutCancel(ctx), c.ProblemID)
			if d.err != nil {
				s.log.Error("loading problem", "problem", c.ProblemID, "err", d.err)
			}
			problems[c.ProblemID] = d
		}
	}
	var held heldClaims
	judging := make([]context.Context, len(claims))
	for i, c := range claims {
		judging[i] = held.hold(ctx, c)
	}
	renewing, stop := context.WithCancel(ctx)
	renewed := make(chan struct{})
	go func() { defer close(renewed); s.renewClaims(renewing, &held) }()
	defer func() { stop(); <-renewed }()

	done := make(chan struct{}, len(claims))
	for i, c := range claims {
		// In claim order, ProgramsAtOnce at a time.
		select {
		case s.programSlots <- struct{}{}:
		case <-judging[i].Done(): // Close, or the claim was lost
			s.release(judging[i], []judge.Claim{c})
			held.drop(c.ID)
			done <- struct{}{}
			continue
		}
		go func() {
			defer func() { held.drop(c.ID); <-s.programSlots; done <- struct{}{} }()
			s.judgeClaimedProgram(judging[i], c, problems[c.ProblemID])
		}()
	}
	for range claims {
		<-done
	}
}

func (s *Service) judgeClaimedProgram(ctx context.Context, c judge.Claim, d *problemData) {
	if d.err != nil {
		s.release(ctx, []judge.Claim{c})
		return
	}
	if cases := waitsFor(c.Submission, d); len(cases) > 0 {
		s.wait(ctx, c, cases)
		return
	}
	j := s.judgeProgramSafely(ctx, c.Submission, d)
	if j.retry != nil {
		if ctx.Err() != nil || s.sandboxAttempt(c.ID) < maxSandboxAttempts {
			if ctx.Err() == nil {
				s.log.Warn("the sandbox failed; the program is judged again", "submission", c.ID, "err", j.retry)
			}
			s.release(ctx, []judge.Claim{c})
			return
		}
		s.log.Error("the sandbox failed again; the program's boards are judge_error", "submission", c.ID, "err", j.retry)
		msg := judge.M("program_sandbox_failed")
		if errors.Is(j.retry, sandbox.ErrBusy) {
			msg = judge.M("program_machine_busy")
		}
		j = programJudging{results: []judge.CaseResult{judge.CaseResult{Position: 1, Verdict: judge.JudgeError}.With(msg)}}
	}
	s.forgetSandboxAttempts(c.ID)
	v, score := judge.Combine(j.results)
	judged := []judge.Judged{{ID: c.ID, Token: c.Token, Verdict: v, Score: score, JudgedAt: s.now().UTC(),
		Results: j.results, CompileOutput: j.compileOutput, Rejudge: c.Verdict != ""}}
	written, err := s.finish(ctx, judged)
	if err != nil {
		if judge.ErrorCode(err) != judge.EUNAVAILABLE {
			s.log.Error("writing a program's verdict", "err", err, "submission", c.ID)
		}
		s.release(ctx, []judge.Claim{c})
		return
	}
	s.boards.judged(judged, written)
	if s.cfg.OnJudged != nil && written[c.ID] {
		s.cfg.OnJudged(v)
	}
}

// judgeProgramSafely is judgeProgram that never panics: a panic is the
// judge's fault, a judge_error.
func (s *Service) judgeProgramSafely(ctx context.Context, sub judge.Submission, d *problemData) (j programJudging) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("judging a program panicked", "submission", sub.ID, "panic", fmt.Sprint(r))
			j = programJudging{results: []judge.CaseResult{judge.CaseResult{Position: 1, Verdict: judge.JudgeError}.With(judge.M("internal_error"))}}
		}
	}()
	return s.judgeProgram(ctx, sub, d)
}

// sandboxAttempt counts a sandbox failure on submission id and returns the
// failures so far.
func (s *Service) sandboxAttempt(id int64) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sandboxFailures == nil {
		s.sandboxFailures = map[int64]int{}
	}
	s.sandboxFailures[id]++
	return s.sandboxFailures[id]
}

func (s *Service) forgetSandboxAttempts(id int64) {
	s.mu.Lock()
	delete(s.sandboxFailures, id)
	s.mu.Unlock()
}
