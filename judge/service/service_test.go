package service_test

import (
	"context"
	"crypto/sha256"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

var flooditCases = []judge.CaseSpec{
	{Name: "flat", Input: "2\n0 0\n0 0\n", Sample: true},
	{Name: "three", Input: "3\n0 1 2\n1 1 2\n2 2 1\n0\n"}, // closing 0 accepted, stored canonical
}

func submit(t testing.TB, s *service.Service, v judge.User, sub judge.Submission) judge.Submission {
	t.Helper()
	out, err := s.Submit(context.Background(), v, sub)
	if err != nil {
		t.Fatalf("Submit(%+v): %v", sub, err)
	}
	if out.ID == 0 || out.Status != judge.StatusPending {
		t.Fatalf("Submit(%+v) = %+v, want an id and pending", sub, out)
	}
	return out
}

func TestSubmitAndJudge(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "j.db"), service.Config{})
	u, cases := floodReady(t, s)
	if cases[1].Input != "3\n0 1 2\n1 1 2\n2 2 1\n" || cases[1].Expected.Optimal != 3 || cases[1].Expected.Version != "floodit-3" {
		t.Fatalf("case 2 = %+v", cases[1])
	}
	tests := []struct {
		kind    judge.Kind
		caseID  int64
		payload string
		verdict judge.Verdict
		score   float64
		results int
	}{
		{judge.KindAnswer, 0, "0\r\n3  \n\n", judge.Accepted, 100, 2},
		{judge.KindAnswer, 0, "0\n4\n", judge.WrongAnswer, 50, 2},
		{judge.KindAnswer, 0, "0\n3\n7\n", judge.WrongAnswer, 50, 2},
		{judge.KindMoves, cases[1].ID, "1 2 1", judge.Accepted, 100, 1},
		{judge.KindMoves, cases[1].ID, "1 2 1 1 1 1", judge.Suboptimal, 50, 1},
		{judge.KindMoves, cases[1].ID, "1 2", judge.NotSolved, 0, 1},
		{judge.KindMoves, cases[1].ID, "1 8", judge.Invalid, 0, 1},
	}
	for _, tc := range tests {
		sub := submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: tc.kind, CaseID: tc.caseID, Payload: tc.payload})
		got := waitDone(t, s, sub.ID)
		if got.Verdict != tc.verdict || got.Score != tc.score || len(got.Results) != tc.results || got.JudgedAt == nil {
			t.Errorf("%s %q = %s %v with %d results, want %s %v with %d", tc.kind, tc.payload, got.Verdict, got.Score, len(got.Results), tc.verdict, tc.score, tc.results)
		}
		if got.Username != "alice" || got.ProblemSlug != "flood" || got.Payload != tc.payload {
			t.Errorf("submission %+v lost its fields", got)
		}
	}

	for _, bad := range []struct {
		sub  judge.Submission
		code string
	}{
		{judge.Submission{UserID: u.ID, ProblemSlug: "nope", Kind: judge.KindAnswer}, judge.ENOTFOUND},
		{judge.Submission{UserID: u.ID, ProblemSlug: "flood", Kind: "essay"}, judge.EINVALID},
		{judge.Submission{UserID: u.ID, ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: 999}, judge.EINVALID},
		{judge.Submission{UserID: u.ID, ProblemSlug: "flood", Kind: judge.KindCheck}, judge.EINVALID},
		{judge.Submission{UserID: u.ID, ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: strings.Repeat("1\n", judge.MaxPayloadBytes)}, judge.EINVALID},
		{judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer}, judge.EUNAUTHORIZED},
		{judge.Submission{UserID: u.ID, ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\x00"}, judge.EINVALID},
		{judge.Submission{UserID: u.ID, ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\xff\n"}, judge.EINVALID},
	} {
		v := u
		if bad.sub.UserID == 0 {
			v = judge.User{} // anonymous
		}
		if _, err := s.Submit(ctx, v, bad.sub); judge.ErrorCode(err) != bad.code {
			t.Errorf("Submit(kind %q, slug %q, case %d) = %v, want code %s", bad.sub.Kind, bad.sub.ProblemSlug, bad.sub.CaseID, err, bad.code)
		}
	}

	subs, total, err := s.Submissions(ctx, u, judge.SubmissionFilter{UserID: u.ID, Limit: 3})
	if err != nil || total != len(tests) || len(subs) != 3 || subs[0].ID < subs[1].ID {
		t.Errorf("Submissions = %d of %d (%v), want 3 of %d, newest first", len(subs), total, err, len(tests))
	}
	subs, total, _ = s.Submissions(ctx, staff, judge.SubmissionFilter{ProblemSlug: "flood", Verdict: judge.WrongAnswer})
	if total != 2 || len(subs) != 2 {
		t.Errorf("Submissions(wrong_answer) = %d, want 2", total)
	}
	best, err := s.Bests(ctx, u)
	if b := best["flood"]; err != nil || b.Verdict != judge.Accepted || b.Score != 100 || b.Kind != judge.KindAnswer || len(best) != 1 {
		t.Errorf("Bests = %+v, %v; want flood: accepted 100 by an answer", best, err)
	}
	if n, err := s.QueueLength(ctx); n != 0 || err != nil {
		t.Errorf("QueueLength = %d, %v; want 0", n, err)
	}
	if input, err := s.JudgeInput(ctx, judge.User{}, "flood"); input != "2\n0 0\n0 0\n3\n0 1 2\n1 1 2\n2 2 1\n0\n" || err != nil {
		t.Errorf("JudgeInput = %q, %v", input, err)
	}
}

func TestAccounts(t *testing.T) {
	ctx := context.Background()
	db := openDB(t, "a.db")
	s := newService(t, db, service.Config{})
	created, pw, err := s.EnsureAdmin(ctx, "")
	if err != nil || !created || len(pw) < 12 {
		t.Fatalf("EnsureAdmin = %v, %q, %v", created, pw, err)
	}
	if admin, err := s.Authenticate(ctx, "admin", pw); err != nil || admin.Role != judge.RoleInstructor {
		t.Fatalf("Authenticate(admin) = %+v, %v", admin, err)
	}
	if created, _, err := s.EnsureAdmin(ctx, "whatever1"); created || err != nil {
		t.Errorf("second EnsureAdmin = %v, %v; want nothing created", created, err)
	}
	bob := mustUser(t, s, "bob")
	for _, tc := range []struct {
		user, pass string
		role       judge.Role
		code       string
	}{
		{"bob", "password123", judge.RoleStudent, judge.ECONFLICT},
		{"b", "password123", judge.RoleStudent, judge.EINVALID},
		{"bob smith", "password123", judge.RoleStudent, judge.EINVALID},
		{"bøb", "password123", judge.RoleStudent, judge.EINVALID},
		{"carol", "short", judge.RoleStudent, judge.EINVALID},
		{"carol", strings.Repeat("x", 73), judge.RoleStudent, judge.EINVALID},
		{"carol", "password123", "god", judge.EINVALID},
	} {
		if _, err := s.Register(ctx, tc.user, tc.pass, tc.role); judge.ErrorCode(err) != tc.code {
			t.Errorf("Register(%q, %q, %q) = %v, want %s", tc.user, tc.pass, tc.role, err, tc.code)
		}
	}
	for _, tc := range [][2]string{{"bob", "wrong-password"}, {"nobody", "password123"}, {"", ""}} {
		if _, err := s.Authenticate(ctx, tc[0], tc[1]); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
			t.Errorf("Authenticate(%q, %q) = %v, want unauthorized", tc[0], tc[1], err)
		}
	}
	token, err := s.IssueToken(ctx, bob.ID, "")
	if err != nil || len(token) != 64 {
		t.Fatalf("IssueToken = %q, %v", token, err)
	}
	if u, err := s.UserByToken(ctx, token); err != nil || u.ID != bob.ID {
		t.Errorf("UserByToken = %+v, %v; want bob", u, err)
	}
	for _, bad := range []string{"", "x", token[:63], strings.Repeat("a", 1000)} {
		if _, err := s.UserByToken(ctx, bad); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
			t.Errorf("UserByToken(%q) = %v, want unauthorized", bad, err)
		}
	}
	// Only the hash is stored: the token itself is no key.
	if _, _, err := db.TokenByHash(ctx, []byte(token)); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("the raw token finds a user: %v", err)
	}
	h := sha256.Sum256([]byte(token))
	if u, _, err := db.TokenByHash(ctx, h[:]); err != nil || u.ID != bob.ID {
		t.Errorf("TokenByHash(sha256) = %+v, %v", u, err)
	}

	// A revoked token authenticates no more; bob's other tokens still do.
	other, err := s.IssueToken(ctx, bob.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeToken(ctx, token); err != nil {
		t.Fatalf("RevokeToken = %v", err)
	}
	if _, err := s.UserByToken(ctx, token); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
		t.Errorf("UserByToken(revoked) = %v, want unauthorized", err)
	}
	if err := s.RevokeToken(ctx, token); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
		t.Errorf("RevokeToken(revoked) = %v, want unauthorized", err)
	}
	if u, err := s.UserByToken(ctx, other); err != nil || u.ID != bob.ID {
		t.Errorf("UserByToken(other) = %+v, %v; want bob", u, err)
	}
}

func TestCheck(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "c.db"), service.Config{})
	u := mustUser(t, s, "alice")
	tests := []struct {
		puzzle, board, moves string
		verdict              judge.Verdict
		used, optimal        int
		score                float64
	}{
		{"floodit", "3\n0 1 2\n1 1 2\n2 2 1\n0\n", "1 2 1", judge.Accepted, 3, 3, 100},
		{"floodit", "3\n0 1 2\n1 1 2\n2 2 1", "1 2", judge.NotSolved, 2, 3, 0},
		{"rotation", "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n", "AAFC", judge.Suboptimal, 4, 2, 50},
		{"mayan", "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", "3 1 -1\n3 1 1\n3 0 1", judge.Accepted, 3, 3, 100},
		{"mayan", "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", "9 9 9", judge.Invalid, 0, 3, 0},
	}
	for _, tc := range tests {
		res, err := s.Check(ctx, u, tc.puzzle, tc.board, tc.moves)
		if err != nil || res.Verdict != tc.verdict || res.Used != tc.used || res.Optimal != tc.optimal || res.Score != tc.score || res.SubmissionID == 0 {
			t.Errorf("Check(%s, %q) = %+v, %v; want %s used %d optimal %d score %v", tc.puzzle, tc.moves, res, err, tc.verdict, tc.used, tc.optimal, tc.score)
			continue
		}
		sub, err := s.Submission(ctx, staff, res.SubmissionID)
		if err != nil || sub.Kind != judge.KindCheck || sub.Status != judge.StatusDone || sub.Verdict != tc.verdict || len(sub.Results) != 1 || sub.Puzzle != tc.puzzle {
			t.Errorf("stored check = %+v, %v", sub, err)
		}
	}
	for _, tc := range []struct{ puzzle, board, msg string }{
		{"floodit", "3\n0 1 2\n1 1 2\n", "unexpected end"},
		{"floodit", "2\n0 x\n0 0\n", "line 2, column 3"},
		{"chess", "", "unknown puzzle"},
		{"rotation", "1 2 3\n", "line 1"},
		{"floodit", "2\n0 0\n0 \xff\n", "not valid UTF-8"},
	} {
		_, err := s.Check(ctx, u, tc.puzzle, tc.board, "")
		if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), tc.msg) {
			t.Errorf("Check(%s, %q) = %v, want invalid mentioning %q", tc.puzzle, tc.board, err, tc.msg)
		}
	}
}
