package service

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"puzzlejudge/judge"
	"puzzlejudge/judge/ccs"
)

// A contest moves between this judge and another CCS as an ICPC Contest
// Package (judge/ccs/contestpkg reads and writes the format; web/api
// composes the zip). ExportContest gathers what a package holds, built by
// the same code that serves /api/ccs; ImportContest sets a package's
// contest up here, all of it in one transaction or nothing.

// packagesOnly is the refusal of an export or import by anyone but an
// instructor: a package holds every submission and expected answer.
const packagesOnly = "only an instructor may export or import a contest package"

// ContestExport is what a contest's package holds.
type ContestExport struct {
	// Input and Objects are the contest's Contest API as the jury reads
	// it (ccs.CCSObjects); Board the jury's live board.
	Input   ccs.CCSInput
	Objects []ccs.CCSObject
	Board   judge.Scoreboard
	// Feed is the jury's event feed, from its first event.
	Feed []judge.FeedEvent
	// Files are the submissions' files, in the order of the submissions.
	Files    []ExportedFiles
	Problems []ExportedProblem
}

// ExportedFiles is one submission's file, as /api/ccs serves it.
type ExportedFiles struct {
	ID   int64
	Name string
	Text string
	At   time.Time
}

// ExportedProblem is a problem of the contest with what its package holds.
type ExportedProblem struct {
	CCSID    string // the problem's id in the Contest API
	Problem  judge.Problem
	Cases    []judge.Case
	Programs []judge.ProgramFile
}

// ExportContest returns what contest id's package holds: instructors only.
func (s *Service) ExportContest(ctx context.Context, v judge.User, id int64) (ContestExport, error) {
	if err := judge.Allow(v, judge.CanManageContests(v) && judge.CanAuthor(v), packagesOnly); err != nil {
		return ContestExport{}, err
	}
	objs, in, view, err := s.CCSObjects(ctx, v, id)
	if err != nil {
		return ContestExport{}, err
	}
	out := ContestExport{Input: in, Objects: objs}
	if _, out.Board, err = s.CCSScoreboard(ctx, v, id); err != nil {
		return ContestExport{}, err
	}
	if err := s.SyncFeed(ctx, id, s.now()); err != nil {
		return ContestExport{}, err
	}
	for after := int64(0); ; {
		events, next, err := s.FeedEvents(ctx, view, id, after, ccsEventBatch)
		if err != nil {
			return ContestExport{}, err
		}
		out.Feed = append(out.Feed, events...)
		if next == after {
			break
		}
		after = next
	}
	if out.Files, err = s.exportFiles(ctx, in); err != nil {
		return ContestExport{}, err
	}
	for _, cp := range in.Contest.Problems {
		p, cases, err := s.problem(ctx, cp.Slug)
		if err != nil {
			return ContestExport{}, err
		}
		programs, err := s.store.Programs(ctx, p.ID)
		if err != nil {
			return ContestExport{}, err
		}
		out.Problems = append(out.Problems, ExportedProblem{CCSID: ccs.CCSProblemID(cp), Problem: p, Cases: cases, Programs: programs})
	}
	return out, nil
}

// exportFiles returns the files of the contest's submissions (those of
// in), as /api/ccs serves each (ccsSubmissionFile), read a thousand at a
// time.
func (s *Service) exportFiles(ctx context.Context, in ccs.CCSInput) ([]ExportedFiles, error) {
	want := make(map[int64]bool, len(in.Submissions))
	for _, sub := range in.Submissions {
		want[sub.ID] = true
	}
	byID := make(map[int64]ExportedFiles, len(want))
	for offset := 0; ; offset += 1000 {
		page, _, err := s.store.Submissions(ctx, judge.SubmissionFilter{ContestID: in.Contest.ID, Limit: 1000, Offset: offset})
		if err != nil {
			return nil, err
		}
		for _, sub := range page {
			if want[sub.ID] {
				name, text := s.ccsSubmissionFile(sub)
				byID[sub.ID] = ExportedFiles{ID: sub.ID, Name: name, Text: text, At: sub.CreatedAt}
			}
		}
		if len(page) < 1000 {
			break
		}
	}
	out := make([]ExportedFiles, 0, len(in.Submissions))
	for _, sub := range in.Submissions {
		f, ok := byID[sub.ID]
		if !ok {
			// A page moved under a submission made meanwhile: read it alone.
			one, err := s.store.Submission(ctx, sub.ID)
			if err != nil {
				return nil, err
			}
			name, text := s.ccsSubmissionFile(one)
			f = ExportedFiles{ID: sub.ID, Name: name, Text: text, At: one.CreatedAt}
		}
		out = append(out, f)
	}
	return out, nil
}

// ContestImported says what ImportContest did.
type ContestImported struct {
	Contest judge.Contest
	// Problems are the slugs of the problems created from the package;
	// the others were found here by their id.
	Problems []string
	// Accounts are the accounts created, with the password made for
	// those the package gave none (shown this once).
	Accounts       []judge.CreatedUser
	Submissions    int
	Clarifications int
	Skipped        map[string]int
	// Warnings say what else the package held and the import left out
	// (judge.ContestImport.Warnings).
	Warnings []string
}

// ImportContest sets a contest up from a package (instructors only): the
// members' accounts that do not exist (students), the problems not found
// here by slug (from their problem packages, drafts unless imp.Publish),
// the contest with its teams, organizations and groups, the teams' judged
// submissions and the clarifications. Everything is checked, then written
// in one transaction: a package refused at any step leaves nothing behind.
func (s *Service) ImportContest(ctx context.Context, v judge.User, imp judge.ContestImport) (ContestImported, error) {
	if err := judge.Allow(v, judge.CanManageContests(v) && judge.CanAuthor(v), packagesOnly); err != nil {
		return ContestImported{}, err
	}
	out := ContestImported{Skipped: imp.Skipped, Warnings: imp.Warnings}
	if out.Skipped == nil {
		out.Skipped = map[string]int{}
	}
	newUsers, err := s.importAccounts(ctx, imp.Accounts, &out)
	if err != nil {
		return ContestImported{}, err
	}
	problems, err := s.importProblems(ctx, imp.Problems, imp.Publish)
	if err != nil {
		return ContestImported{}, err
	}
	labels := map[string]bool{}
	for _, p := range imp.Problems {
		labels[p.Label] = true
		slug := p.Slug
		if problems[p.Label] != nil {
			slug = problems[p.Label].p.Slug
		}
		imp.Spec.Problems = append(imp.Spec.Problems, judge.ContestProblemSpec{Slug: slug, Label: p.Label})
	}
	for _, sub := range imp.Submissions {
		switch {
		case !labels[sub.Label]:
			return ContestImported{}, judge.Errorf(judge.EINVALID, "%s: no problem %q in the contest", sub.File, sub.Label)
		case sub.Verdict == "":
			return ContestImported{}, judge.Errorf(judge.EINVALID, "%s: no verdict", sub.File)
		case !utf8Text(sub.Payload):
			return ContestImported{}, judge.Errorf(judge.EINVALID, "%s: the files are not UTF-8 text", sub.File)
		}
	}
	var stored []judge.Case
	err = s.store.Atomically(ctx, func(tx judge.ImportTx) error {
		if len(newUsers) > 0 {
			users, err := tx.CreateUsers(ctx, newUsers)
			if err != nil {
				return err
			}
			for i := range users {
				out.Accounts[i].User = users[i]
			}
		}
		for _, ip := range imp.Problems {
			np := problems[ip.Label]
			if np == nil {
				continue
			}
			p, cases, err := tx.PutProblem(ctx, np.p, np.cases)
			if err != nil {
				return err
			}
			if err := tx.PutPrograms(ctx, p.ID, np.programs); err != nil {
				return err
			}
			stored = append(stored, cases...)
			out.Problems = append(out.Problems, p.Slug)
		}
		c, err := contestIn(ctx, tx, imp.Spec)
		if err != nil {
			return err
		}
		if imp.UnfrozenAt != nil && !imp.UnfrozenAt.After(s.now()) {
			at := imp.UnfrozenAt.UTC()
			c.UnfrozenAt = &at
		}
		if out.Contest, err = tx.CreateContest(ctx, c); err != nil {
			return err
		}
		return s.importActivity(ctx, tx, v, imp, &out)
	})
	if err != nil {
		return ContestImported{}, err
	}
	for _, c := range stored {
		s.scheduleCase(c)
	}
	return out, nil
}

// importAccounts checks the members' usernames and returns the accounts
// to create (those missing here), their passwords hashed; out.Accounts gets
// one entry for each.
func (s *Service) importAccounts(ctx context.Context, accounts []judge.ImportedAccount, out *ContestImported) ([]judge.NewUser, error) {
	var specs []judge.UserSpec
	seen := map[string]bool{}
	for _, t := range accounts {
		if err := validUsername(t.Username); err != nil {
			return nil, judge.Errorf(judge.EINVALID, "%s: account %q: %s", t.File, t.Username, judge.ErrorMessage(err))
		}
		key := strings.ToLower(t.Username)
		if seen[key] {
			return nil, judge.Errorf(judge.EINVALID, "%s: the account %q is listed twice", t.File, t.Username)
		}
		seen[key] = true
		_, _, err := s.store.UserByName(ctx, t.Username)
		if err == nil {
			continue
		}
		if judge.ErrorCode(err) != judge.ENOTFOUND {
			return nil, err
		}
		created := judge.CreatedUser{}
		pw := t.Password
		if pw == "" {
			pw = NewPassword()
			created.Password = pw
		} else if err := validPassword(pw); err != nil {
			return nil, judge.Errorf(judge.EINVALID, "%s: account %q: %s", t.File, t.Username, judge.ErrorMessage(err))
		}
		specs = append(specs, judge.UserSpec{Username: t.Username, Password: pw})
		out.Accounts = append(out.Accounts, created)
	}
	if len(specs) == 0 {
		return nil, nil
	}
	hashes, err := s.hashAll(specs)
	if err != nil {
		return nil, err
	}
	users := make([]judge.NewUser, len(specs))
	for i, sp := range specs {
		users[i] = judge.NewUser{User: judge.User{Username: sp.Username, Role: judge.RoleStudent}, PasswordHash: hashes[i]}
	}
	return users, nil
}

// newProblem is a problem to create from its package, checked.
type newProblem struct {
	p        judge.Problem
	cases    []judge.Case
	programs []judge.ProgramFile
}

// importProblems returns, by label, the problems to create: those whose
// slug (the package's problem id, else its problem package's slug) names
// no problem here. One without a readable package is refused.
func (s *Service) importProblems(ctx context.Context, ips []judge.ImportedProblem, publish bool) (map[string]*newProblem, error) {
	out := map[string]*newProblem{}
	for i := range ips {
		ip := &ips[i]
		found, err := s.problemExists(ctx, ip.Slug)
		if err != nil {
			return nil, err
		}
		if found {
			continue
		}
		if ip.New != nil {
			if found, err = s.problemExists(ctx, ip.New.Problem.Slug); err != nil {
				return nil, err
			}
			if found {
				ip.Slug = ip.New.Problem.Slug
				continue
			}
		}
		switch {
		case ip.PackageError != "":
			return nil, judge.Errorf(judge.EINVALID, "problem %q is not on this server, and its package is refused: %s", ip.Slug, ip.PackageError)
		case ip.New == nil:
			return nil, judge.Errorf(judge.EINVALID, "%s: problem %q is not on this server, and the package has no problem package for it (problems/%s/%s.zip)", ip.File, ip.Slug, ip.Slug, ip.Slug)
		}
		p, cases, err := checkedPackage(ip.New.Problem, ip.New.Cases)
		if err == nil {
			err = checkPrograms(ip.New.Programs)
		}
		if err != nil {
			return nil, judge.Errorf(judge.EINVALID, "%s: %s", ip.File, judge.ErrorMessage(err))
		}
		// As ImportProblem: a new problem is a draft unless published.
		p.ID, p.CatalogueHash, p.Detached, p.Archived, p.Draft = 0, "", false, false, !publish
		out[ip.Label] = &newProblem{p: p, cases: cases, programs: ip.New.Programs}
	}
	return out, nil
}

// problemExists reports whether a problem has the slug.
func (s *Service) problemExists(ctx context.Context, slug string) (bool, error) {
	_, err := s.store.ProblemBySlug(ctx, slug)
	switch {
	case err == nil:
		return true, nil
	case judge.ErrorCode(err) == judge.ENOTFOUND:
		return false, nil
	}
	return false, err
}

// importActivity writes the submissions, judged, and the clarifications of
// an imported contest, in the import's transaction.
func (s *Service) importActivity(ctx context.Context, tx judge.ImportTx, v judge.User, imp judge.ContestImport, out *ContestImported) error {
	c := out.Contest
	userIDs := map[string]int64{}
	userID := func(name string) (int64, error) {
		if id, ok := userIDs[name]; ok {
			return id, nil
		}
		u, _, err := tx.UserByName(ctx, name)
		userIDs[name] = u.ID
		return u.ID, err
	}
	problemIDs := map[string]int64{}
	for _, p := range c.Problems {
		problemIDs[p.Label] = p.ProblemID
	}
	rows := make([]judge.Submission, 0, len(imp.Submissions))
	for _, sub := range imp.Submissions {
		if sub.Kind == judge.KindMoves {
			out.Skipped["moves (practice in a contest)"]++
			continue
		}
		uid, err := userID(sub.Username)
		if err != nil {
			return judge.Errorf(judge.ErrorCode(err), "%s: account %q: %s", sub.File, sub.Username, judge.ErrorMessage(err))
		}
		judged := sub.JudgedAt.UTC()
		rows = append(rows, judge.Submission{UserID: uid, ProblemID: problemIDs[sub.Label], Kind: sub.Kind, Language: sub.Language,
			Payload: sub.Payload, Status: judge.StatusDone, Verdict: sub.Verdict, Score: sub.Score,
			CreatedAt: sub.At.UTC(), JudgedAt: &judged, ContestID: c.ID, CPUMs: sub.CPUMs})
	}
	if err := tx.CreateJudgedBatch(ctx, rows); err != nil {
		return err
	}
	out.Submissions = len(rows)
	ids := make([]int64, len(imp.Clarifications))
	for i, m := range imp.Clarifications {
		row := judge.Clarification{ContestID: c.ID, ProblemID: problemIDs[m.Label], Text: m.Text, CreatedAt: m.At.UTC(), AuthorID: v.ID}
		var err error
		if m.From != "" {
			if row.FromUserID, err = userID(m.From); err != nil {
				return err
			}
			row.AuthorID = row.FromUserID
		}
		if m.To != "" {
			if row.ToUserID, err = userID(m.To); err != nil {
				return err
			}
		}
		if m.ReplyTo >= 0 && m.ReplyTo < i {
			row.ReplyToID = ids[m.ReplyTo]
		}
		stored, err := tx.CreateClarification(ctx, row)
		if err != nil {
			return judge.Errorf(judge.ErrorCode(err), "clarifications.json: message %d: %s", i+1, judge.ErrorMessage(err))
		}
		ids[i] = stored.ID
		out.Clarifications++
	}
	return nil
}

// utf8Text reports text the store keeps: UTF-8 without NUL bytes.
func utf8Text(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }
