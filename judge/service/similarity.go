package service

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/tools/similarity"
)

// Similarity reports (issue 36): an instructor asks for one on a problem,
// an assignment or a contest; it is stored pending and answered at once,
// and the one runner of a process that runs workers claims it (a lease in
// the database, like a generation run's), compares the programs with Dolos
// group by group (one problem, one Dolos language), and stores every pair.
// One report runs at a time per process, each Dolos run bounded in time and
// memory by the engine (similarity.Engine).

// SimilarityConfig is the part of Config about similarity reports.
type SimilarityConfig struct {
	// Engine runs Dolos; its Check says why it cannot, for the 503 of a
	// report asked and for /healthz.
	Engine similarity.Engine
	// Auto starts a report on every assignment that closes (its late
	// deadline, or its due time) and every contest that ends, once.
	Auto bool
	// Poll is how often the runner looks for reports (default 2s; a
	// report asked in this process wakes it at once) and AutoEvery how
	// often it looks for ends (default 1m).
	Poll, AutoEvery time.Duration
}

// autoLookback is how long after an end an automatic report is still
// started: a server that was down when an assignment closed catches up,
// one that turns Auto on does not compare every past assignment.
const autoLookback = 7 * 24 * time.Hour

// maxSimilarityPairs bounds the pairs one report keeps, over all its
// groups: the most similar are kept, and the reason says how many went.
const maxSimilarityPairs = 100_000

// similarityRunner is the state of a process's runner.
type similarityRunner struct {
	wake chan struct{}

	mu        sync.Mutex
	checkedAt time.Time
	down      string // the last Check's reason, "" when Dolos runs
}

func newSimilarityRunner() *similarityRunner {
	return &similarityRunner{wake: make(chan struct{}, 1)}
}

func (r *similarityRunner) wakeUp() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// SimilarityState says whether this server can compare programs, and why
// not. It checks the engine at most once every 5 seconds (/healthz asks).
func (s *Service) SimilarityState() (ok bool, reason string) {
	r := s.sim
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.checkedAt.IsZero() || time.Since(r.checkedAt) > 5*time.Second {
		r.down = ""
		if err := s.cfg.Similarity.Engine.Check(); err != nil {
			r.down = err.Error()
		}
		r.checkedAt = time.Now()
	}
	return r.down == "", r.down
}

// similarityUnavailable is the 503 of a report asked where Dolos cannot run.
func (s *Service) similarityUnavailable() error {
	if ok, reason := s.SimilarityState(); !ok {
		return judge.Errorf(judge.EUNAVAILABLE, "similarity reports cannot run on this server: %s", reason)
	}
	return nil
}

// AskSimilarity stores a report on a scope (judge.SimScope*: ref is the
// problem's slug, or the assignment's or contest's id) and returns it
// pending; a runner claims it.
func (s *Service) AskSimilarity(ctx context.Context, v judge.User, scope, ref string, opts judge.SimilarityOptions) (judge.SimilarityReport, error) {
	if err := judge.Allow(v, judge.CanCompareSources(v), "only instructors may compare students' programs"); err != nil {
		return judge.SimilarityReport{}, err
	}
	r := judge.SimilarityReport{Scope: scope, Options: opts, RequestedBy: v.Username, CreatedAt: s.now(), Status: judge.SimPending}
	var err error
	if r.ScopeID, r.Title, err = s.similarityScope(ctx, scope, ref); err != nil {
		return judge.SimilarityReport{}, err
	}
	if err := s.similarityUnavailable(); err != nil {
		return judge.SimilarityReport{}, err
	}
	if r.ID, err = s.store.CreateSimilarity(ctx, r); err != nil {
		return judge.SimilarityReport{}, err
	}
	s.sim.wakeUp()
	return r, nil
}

// similarityScope finds the scope a report is asked on.
func (s *Service) similarityScope(ctx context.Context, scope, ref string) (int64, string, error) {
	if scope == judge.SimScopeProblem {
		p, err := s.store.ProblemBySlug(ctx, ref)
		if err != nil {
			return 0, "", err
		}
		return p.ID, p.Slug, nil
	}
	id, err := strconv.ParseInt(ref, 10, 64)
	if err != nil || id <= 0 {
		return 0, "", judge.Errorf(judge.ENOTFOUND, "%s %q not found", scope, ref)
	}
	switch scope {
	case judge.SimScopeAssignment:
		a, err := s.store.Assignment(ctx, id)
		return a.ID, a.Title, err
	case judge.SimScopeContest:
		c, err := s.store.Contest(ctx, id)
		return c.ID, c.Title, err
	}
	return 0, "", judge.Errorf(judge.EINVALID, "no such scope %q", scope)
}

// SimilarityReport returns a report with its pairs, most similar first,
// from offset, at most limit (0: all).
func (s *Service) SimilarityReport(ctx context.Context, v judge.User, id int64, offset, limit int) (judge.SimilarityReport, error) {
	if err := judge.Allow(v, judge.CanCompareSources(v), "only instructors may read similarity reports"); err != nil {
		return judge.SimilarityReport{}, err
	}
	r, err := s.store.SimilarityReport(ctx, id)
	if err != nil {
		return judge.SimilarityReport{}, err
	}
	if r.Pairs, err = s.store.SimilarityPairs(ctx, id, offset, limit); err != nil {
		return judge.SimilarityReport{}, err
	}
	return r, nil
}

// SimilarityReports lists the reports of a scope, newest first, without
// their pairs: of one problem, assignment or contest (ref as AskSimilarity
// takes it), of every one of a scope (ref ""), or all (scope "").
func (s *Service) SimilarityReports(ctx context.Context, v judge.User, scope, ref string) ([]judge.SimilarityReport, error) {
	if err := judge.Allow(v, judge.CanCompareSources(v), "only instructors may read similarity reports"); err != nil {
		return nil, err
	}
	var id int64
	switch {
	case scope == "":
	case scope != judge.SimScopeProblem && scope != judge.SimScopeAssignment && scope != judge.SimScopeContest:
		return nil, judge.Errorf(judge.EINVALID, "scope must be problem, assignment or contest, found %q", scope)
	case ref != "":
		var err error
		if id, _, err = s.similarityScope(ctx, scope, ref); err != nil {
			return nil, err
		}
	}
	return s.store.SimilarityReports(ctx, scope, id, 100)
}

// SimilarityPairSources is a pair with the two programs' sources.
type SimilarityPairSources struct {
	Report      judge.SimilarityReport
	Pair        judge.SimilarityPair
	Left, Right string
	// Missing names a source no longer stored (its account was deleted).
	Missing string
}

// SimilarityPair returns one pair of a report with both sources.
func (s *Service) SimilarityPair(ctx context.Context, v judge.User, reportID, pairID int64) (SimilarityPairSources, error) {
	if err := judge.Allow(v, judge.CanCompareSources(v), "only instructors may read similarity reports"); err != nil {
		return SimilarityPairSources{}, err
	}
	r, err := s.store.SimilarityReport(ctx, reportID)
	if err != nil {
		return SimilarityPairSources{}, err
	}
	p, err := s.store.SimilarityPair(ctx, reportID, pairID)
	if err != nil {
		return SimilarityPairSources{}, err
	}
	src, err := s.store.SimilaritySources(ctx, []int64{p.Left.Submission, p.Right.Submission})
	if err != nil {
		return SimilarityPairSources{}, err
	}
	out := SimilarityPairSources{Report: r, Pair: p, Left: src[p.Left.Submission], Right: src[p.Right.Submission]}
	for _, sp := range []judge.SimilarityProgram{p.Left, p.Right} {
		if _, ok := src[sp.Submission]; !ok {
			out.Missing = fmt.Sprintf("submission %d is no longer stored", sp.Submission)
		}
	}
	return out, nil
}

// similarityLease is how long a running report's lease lasts without
// progress: longer than one Dolos run may take.
func (s *Service) similarityLease() time.Duration {
	t := s.cfg.Similarity.Engine.Timeout
	if t <= 0 {
		t = similarity.DefaultTimeout
	}
	return t + time.Minute
}

// runSimilarity is the runner of this process: it claims one report at a
// time and runs it, until ctx ends. When this is the only process
// (ClaimTimeout 0), a report found running between two of its runs was left
// by a crash, and is taken over at once.
func (s *Service) runSimilarity(ctx context.Context) {
	poll := cmp.Or(s.cfg.Similarity.Poll, 2*time.Second)
	for {
		stale := time.Now().Add(-s.similarityLease())
		if s.cfg.ClaimTimeout == 0 {
			stale = time.Now().Add(time.Hour)
		}
		c, ok, err := s.store.ClaimSimilarity(ctx, stale)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			s.log.Error("claiming a similarity report", "err", err)
		case ok:
			s.runReport(ctx, c)
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-s.sim.wake:
		case <-time.After(poll):
		}
	}
}

// similarityGroup is the programs of one problem in one Dolos language.
type similarityGroup struct {
	problem, language string
	programs          []judge.SimilarityProgram
}

// runReport compares the programs of a claimed report and stores its pairs,
// or its failure.
func (s *Service) runReport(ctx context.Context, c judge.SimilarityClaim) {
	finish := func(status, reason string, programs int, pairs []judge.SimilarityPair) {
		if err := s.store.FinishSimilarity(ctx, c.ID, c.Token, status, reason, programs, pairs); err != nil && ctx.Err() == nil {
			s.log.Error("storing a similarity report", "report", c.ID, "err", err)
		}
	}
	if ok, reason := s.SimilarityState(); !ok {
		finish(judge.SimFailed, "Dolos cannot run on the server that took this report: "+reason, 0, nil)
		return
	}
	groups, notes, err := s.similarityGroups(ctx, c.SimilarityReport)
	if err != nil {
		if ctx.Err() == nil {
			finish(judge.SimFailed, "reading the programs: "+judge.ErrorMessage(err), 0, nil)
		}
		return
	}
	work, err := os.MkdirTemp("", "puzzlejudge-similarity-")
	if err != nil {
		finish(judge.SimFailed, "no folder for the sources: "+err.Error(), 0, nil)
		return
	}
	defer os.RemoveAll(work)
	var pairs []judge.SimilarityPair
	programs := 0
	for i, g := range groups {
		progress := fmt.Sprintf("comparing group %d of %d: %s in %s, %s", i+1, len(groups), g.problem, g.language, judge.Plural(len(g.programs), "program"))
		if err := s.store.SimilarityProgress(ctx, c.ID, c.Token, progress); err != nil {
			if ctx.Err() == nil {
				s.log.Warn("a similarity report was taken over", "report", c.ID, "err", err)
			}
			return
		}
		got, err := s.compareGroup(ctx, filepath.Join(work, strconv.Itoa(i)), g)
		if ctx.Err() != nil {
			return // the lease runs out; another start takes it over
		}
		if err != nil {
			finish(judge.SimFailed, fmt.Sprintf("%s in %s: %v", g.problem, g.language, err), 0, nil)
			return
		}
		programs += len(g.programs)
		pairs = append(pairs, got...)
	}
	slices.SortStableFunc(pairs, func(a, b judge.SimilarityPair) int {
		return cmp.Or(cmp.Compare(b.Similarity, a.Similarity), cmp.Compare(b.LongestFragment, a.LongestFragment),
			cmp.Compare(a.Left.Submission, b.Left.Submission), cmp.Compare(a.Right.Submission, b.Right.Submission))
	})
	if len(pairs) > maxSimilarityPairs {
		notes = append(notes, fmt.Sprintf("only the %d most similar of %d pairs are kept", maxSimilarityPairs, len(pairs)))
		pairs = pairs[:maxSimilarityPairs]
	}
	finish(judge.SimDone, strings.Join(notes, "; "), programs, pairs)
}

// similarityGroups selects the report's programs and groups them; notes
// say what was left out.
func (s *Service) similarityGroups(ctx context.Context, r judge.SimilarityReport) ([]similarityGroup, []string, error) {
	sel, err := s.similaritySelect(ctx, r)
	if err != nil {
		return nil, nil, err
	}
	cands, err := s.store.SimilarityCandidates(ctx, sel)
	if err != nil {
		return nil, nil, err
	}
	if !r.Options.AllSubmissions { // each student's last of each language per problem
		last := map[string]judge.SimilarityCandidate{}
		for _, c := range cands { // oldest first: the last one wins
			last[fmt.Sprint(c.UserID, "/", c.ProblemID, "/", c.Language)] = c
		}
		cands = cands[:0]
		for _, c := range last {
			cands = append(cands, c)
		}
		slices.SortFunc(cands, func(a, b judge.SimilarityCandidate) int { return cmp.Compare(a.Submission, b.Submission) })
	}
	var notes []string
	unread := map[string]int{}
	byKey := map[string]*similarityGroup{}
	var groups []*similarityGroup
	for _, c := range cands {
		lang, ok := similarity.Language(c.Language)
		if !ok {
			unread[c.Language]++
			continue
		}
		key := c.Problem + "/" + lang
		g := byKey[key]
		if g == nil {
			g = &similarityGroup{problem: c.Problem, language: lang}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.programs = append(g.programs, c.SimilarityProgram)
	}
	for _, l := range slices.Sorted(maps.Keys(unread)) {
		notes = append(notes, fmt.Sprintf("%s in %s, a language Dolos does not read, not compared", judge.Plural(unread[l], "program"), l))
	}
	out := make([]similarityGroup, 0, len(groups))
	for _, g := range groups {
		if n := len(g.programs); n > judge.MaxSimilarityPrograms {
			notes = append(notes, fmt.Sprintf("%s in %s: only the last %d of %d programs compared", g.problem, g.language, judge.MaxSimilarityPrograms, n))
			g.programs = g.programs[n-judge.MaxSimilarityPrograms:]
		}
		if len(g.programs) >= 2 {
			out = append(out, *g)
		}
	}
	slices.SortStableFunc(out, func(a, b similarityGroup) int {
		return cmp.Or(cmp.Compare(a.problem, b.problem), cmp.Compare(a.language, b.language))
	})
	return out, notes, nil
}

// similaritySelect says which programs of its scope a report reads: a
// problem's, all of them; an assignment's, those of its problems sent
// from its opening to its last deadline (a contest's assignment: the
// contest's); a contest's, those sent in the contest.
func (s *Service) similaritySelect(ctx context.Context, r judge.SimilarityReport) (judge.SimilaritySelect, error) {
	switch r.Scope {
	case judge.SimScopeProblem:
		return judge.SimilaritySelect{ProblemIDs: []int64{r.ScopeID}}, nil
	case judge.SimScopeAssignment:
		a, err := s.store.Assignment(ctx, r.ScopeID)
		if err != nil {
			return judge.SimilaritySelect{}, err
		}
		if a.ContestID != 0 {
			return s.contestSelect(ctx, a.ContestID)
		}
		sel := judge.SimilaritySelect{From: &a.OpensAt, To: &a.DueAt}
		if a.LateUntil != nil {
			sel.To = a.LateUntil
		}
		for _, p := range a.Problems {
			sel.ProblemIDs = append(sel.ProblemIDs, p.ProblemID)
		}
		return sel, nil
	case judge.SimScopeContest:
		return s.contestSelect(ctx, r.ScopeID)
	}
	return judge.SimilaritySelect{}, judge.Errorf(judge.EINVALID, "no such scope %q", r.Scope)
}

func (s *Service) contestSelect(ctx context.Context, id int64) (judge.SimilaritySelect, error) {
	c, err := s.store.Contest(ctx, id)
	if err != nil {
		return judge.SimilaritySelect{}, err
	}
	sel := judge.SimilaritySelect{ContestID: c.ID}
	for _, p := range c.Problems {
		sel.ProblemIDs = append(sel.ProblemIDs, p.ProblemID)
	}
	return sel, nil
}

// compareGroup writes a group's sources into dir and runs Dolos on them.
func (s *Service) compareGroup(ctx context.Context, dir string, g similarityGroup) ([]judge.SimilarityPair, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	ids := make([]int64, len(g.programs))
	for i, p := range g.programs {
		ids[i] = p.Submission
	}
	src, err := s.store.SimilaritySources(ctx, ids)
	if err != nil {
		return nil, err
	}
	var files []string
	var kept []judge.SimilarityProgram
	for _, p := range g.programs {
		text, ok := src[p.Submission]
		if !ok {
			continue // deleted meanwhile
		}
		if len(text) > judge.MaxSimilaritySource {
			text = text[:judge.MaxSimilaritySource]
		}
		path := filepath.Join(dir, strconv.FormatInt(p.Submission, 10)+similarity.Extension(g.language))
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			return nil, err
		}
		files = append(files, path)
		kept = append(kept, p)
	}
	res, err := s.cfg.Similarity.Engine.Compare(ctx, dir, g.language, files)
	if err != nil {
		return nil, err
	}
	pairs := make([]judge.SimilarityPair, 0, len(res.Pairs))
	for _, p := range res.Pairs {
		if kept[p.Left].UserID == kept[p.Right].UserID {
			continue // a student's own programs (all_submissions, or C++ and C++98) copy nobody
		}
		sp := judge.SimilarityPair{Left: kept[p.Left], Right: kept[p.Right], Similarity: p.Similarity,
			LongestFragment: p.LongestFragment, Overlap: p.Overlap, Fragments: make([]judge.SimilarityFragment, len(p.Fragments))}
		for i, f := range p.Fragments {
			sp.Fragments[i] = judge.SimilarityFragment{
				Left:  judge.LineRange{Start: f.Left.StartLine, End: f.Left.EndLine},
				Right: judge.LineRange{Start: f.Right.StartLine, End: f.Right.EndLine}}
		}
		pairs = append(pairs, sp)
	}
	return pairs, nil
}

// autoSimilarity starts, every AutoEvery, a report on each assignment that
// closed and each contest that ended within autoLookback and has none of
// its own yet; of several processes, one stores it (its AutoKey).
func (s *Service) autoSimilarity(ctx context.Context) {
	every(ctx, cmp.Or(s.cfg.Similarity.AutoEvery, time.Minute), func() bool {
		s.startAutoReports(ctx)
		return true
	})
}

// startAutoReports is one look of autoSimilarity.
func (s *Service) startAutoReports(ctx context.Context) {
	now := s.now()
	ended := func(end time.Time) bool { return !end.After(now) && now.Sub(end) <= autoLookback }
	var asked []judge.SimilarityReport
	if as, err := s.store.Assignments(ctx); err == nil {
		for _, a := range as {
			end := a.DueAt
			if a.LateUntil != nil {
				end = *a.LateUntil
			}
			if ended(end) {
				asked = append(asked, judge.SimilarityReport{Scope: judge.SimScopeAssignment, ScopeID: a.ID, Title: a.Title})
			}
		}
	} else if ctx.Err() == nil {
		s.log.Error("automatic similarity reports: listing assignments", "err", err)
	}
	if cs, err := s.store.Contests(ctx); err == nil {
		for _, c := range cs {
			if ended(c.EndTime()) {
				asked = append(asked, judge.SimilarityReport{Scope: judge.SimScopeContest, ScopeID: c.ID, Title: c.Title})
			}
		}
	} else if ctx.Err() == nil {
		s.log.Error("automatic similarity reports: listing contests", "err", err)
	}
	for _, r := range asked {
		if s.hasAutoReport(ctx, r.Scope, r.ScopeID) {
			continue
		}
		r.Automatic, r.CreatedAt, r.Status = true, now, judge.SimPending
		_, err := s.store.CreateSimilarity(ctx, r)
		switch {
		case err == nil:
			s.log.Info("automatic similarity report started", "scope", r.Scope, "id", r.ScopeID)
			s.sim.wakeUp()
		case judge.ErrorCode(err) != judge.ECONFLICT && ctx.Err() == nil:
			s.log.Error("automatic similarity report", "scope", r.Scope, "id", r.ScopeID, "err", err)
		}
	}
}

// hasAutoReport reports whether a scope has its automatic report (or the
// store cannot say: then none is started this time).
func (s *Service) hasAutoReport(ctx context.Context, scope string, id int64) bool {
	rs, err := s.store.SimilarityReports(ctx, scope, id, 1000)
	if err != nil {
		return true
	}
	return slices.ContainsFunc(rs, func(r judge.SimilarityReport) bool { return r.Automatic })
}
