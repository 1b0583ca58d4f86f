package service_test

import (
	"context"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// The viewers of the authorization tests.
var (
	anonymous = judge.User{}
	owner     = judge.User{ID: 1, Username: "alice", Role: judge.RoleStudent}
	other     = judge.User{ID: 2, Username: "bob", Role: judge.RoleStudent}
	teacher   = judge.User{ID: 3, Username: "teacher", Role: judge.RoleInstructor}
	// roleless is an instructor's role on no account: still anonymous.
	roleless = judge.User{Role: judge.RoleInstructor}
)

// TestCan checks every rule of authz.go for every kind of viewer.
func TestCan(t *testing.T) {
	sub := judge.Submission{ID: 9, UserID: owner.ID}
	hidden, sample := judge.Case{ID: 5}, judge.Case{ID: 6, Sample: true}
	rules := []struct {
		name string
		can  func(judge.User) bool
		// want lists, in the order anonymous, owner, other, teacher,
		// roleless, who is allowed.
		want [5]bool
	}{
		{"sign up, registration open", func(v judge.User) bool { return judge.CanSignUp(v, true) }, [5]bool{true, true, true, true, true}},
		{"sign up, registration closed", func(v judge.User) bool { return judge.CanSignUp(v, false) }, [5]bool{false, false, false, false, false}},
		{"submit", judge.CanSubmit, [5]bool{false, true, true, true, false}},
		{"read own or any submission", func(v judge.User) bool { return judge.CanReadSubmission(v, sub) }, [5]bool{false, true, false, true, false}},
		{"list submissions", judge.CanListSubmissions, [5]bool{false, true, true, true, false}},
		{"list everyone's submissions", judge.CanListAllSubmissions, [5]bool{false, false, false, true, false}},
		{"read a hidden case's answer", func(v judge.User) bool { return judge.CanReadExpected(v, hidden) }, [5]bool{false, false, false, true, false}},
		{"read a sample's answer", func(v judge.User) bool { return judge.CanReadExpected(v, sample) }, [5]bool{true, true, true, true, true}},
		{"add or delete cases", judge.CanEditCases, [5]bool{false, false, false, true, false}},
		{"rejudge", judge.CanRejudge, [5]bool{false, false, false, true, false}},
	}
	viewers := []struct {
		name string
		v    judge.User
	}{{"anonymous", anonymous}, {"owner", owner}, {"other student", other}, {"instructor", teacher}, {"roleless", roleless}}
	for _, r := range rules {
		for i, v := range viewers {
			if got := r.can(v.v); got != r.want[i] {
				t.Errorf("%s, as %s = %v, want %v", r.name, v.name, got, r.want[i])
			}
		}
	}
}

// TestRedactCase checks what each viewer sees of a hidden case whose solve
// is running or done, and of a sample.
func TestRedactCase(t *testing.T) {
	solved := judge.Solution{Answer: "3\n", Moves: "1 2 1", Optimal: 3, Solvable: true, Version: "floodit-2"}
	for _, tc := range []struct {
		name     string
		v        judge.User
		c        judge.Case
		redacted bool
	}{
		{"student, hidden, solved", owner, judge.Case{Status: judge.CaseReady, Expected: solved}, true},
		{"student, hidden, solving", owner, judge.Case{Status: judge.CaseSolving, Progress: "depth 12"}, true},
		{"anonymous, hidden", anonymous, judge.Case{Status: judge.CaseReady, Expected: solved}, true},
		{"student, sample", owner, judge.Case{Sample: true, Status: judge.CaseReady, Expected: solved}, false},
		{"instructor, hidden, solved", teacher, judge.Case{Status: judge.CaseReady, Expected: solved}, false},
		{"instructor, hidden, solving", teacher, judge.Case{Status: judge.CaseSolving, Progress: "depth 12"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := judge.RedactCase(tc.v, tc.c)
			if got.Redacted != tc.redacted {
				t.Fatalf("Redacted = %v, want %v", got.Redacted, tc.redacted)
			}
			if tc.redacted && (got.Expected != judge.Solution{} || got.Progress != "") {
				t.Errorf("redacted case keeps %+v, progress %q", got.Expected, got.Progress)
			}
			if !tc.redacted && (got.Expected != tc.c.Expected || got.Progress != tc.c.Progress) {
				t.Errorf("case = %+v, want it whole", got)
			}
		})
	}
}

// authzEnv is a service with one problem (a sample and a hidden case, both
// solved), two students and an instructor, and a submission of each student.
type authzEnv struct {
	s                  *service.Service
	alice, bob, teach  judge.User
	aliceSub, bobSub   judge.Submission
	sampleID, hiddenID int64
}

func newAuthzEnv(t *testing.T) *authzEnv {
	t.Helper()
	s := newService(t, openDB(t, "authz.db"), service.Config{})
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	cases := waitReady(t, s, "flood")
	e := &authzEnv{s: s, alice: mustUser(t, s, "alice"), bob: mustUser(t, s, "bob"), sampleID: cases[0].ID, hiddenID: cases[1].ID}
	e.teach = mustInstructor(t, s, "teacher")
	e.aliceSub = submit(t, s, e.alice, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n"})
	e.bobSub = submit(t, s, e.bob, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n4\n"})
	return e
}

// TestServiceSubmissionAuthz checks Service.Submission: its owner and
// instructors read it; another student gets EFORBIDDEN, nobody EUNAUTHORIZED.
func TestServiceSubmissionAuthz(t *testing.T) {
	e := newAuthzEnv(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		v    judge.User
		code string
	}{
		{"owner", e.alice, ""},
		{"instructor", e.teach, ""},
		{"other student", e.bob, judge.EFORBIDDEN},
		{"anonymous", anonymous, judge.EUNAUTHORIZED},
	} {
		sub, err := e.s.Submission(ctx, tc.v, e.aliceSub.ID)
		if judge.ErrorCode(err) != tc.code {
			t.Errorf("Submission(as %s) = %v, want code %q", tc.name, err, tc.code)
		}
		if tc.code == "" && sub.ID != e.aliceSub.ID {
			t.Errorf("Submission(as %s) = %+v", tc.name, sub)
		}
	}
	if _, err := e.s.Submission(ctx, e.teach, 999_999); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("Submission(999999) = %v, want not found", err)
	}
}

// TestServiceSubmissionsAuthz checks Service.Submissions: a student sees
// their own whatever the filter says, an instructor everyone's or one
// user's, nobody nothing.
func TestServiceSubmissionsAuthz(t *testing.T) {
	e := newAuthzEnv(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		v    judge.User
		f    judge.SubmissionFilter
		want []int64 // newest first
		code string
	}{
		{"student", e.alice, judge.SubmissionFilter{}, []int64{e.aliceSub.ID}, ""},
		{"student asking for another's", e.alice, judge.SubmissionFilter{Username: "bob"}, []int64{e.aliceSub.ID}, ""},
		{"student asking by id for another's", e.alice, judge.SubmissionFilter{UserID: e.bob.ID}, []int64{e.aliceSub.ID}, ""},
		{"instructor", e.teach, judge.SubmissionFilter{}, []int64{e.bobSub.ID, e.aliceSub.ID}, ""},
		{"instructor filtering by user", e.teach, judge.SubmissionFilter{Username: "bob"}, []int64{e.bobSub.ID}, ""},
		{"anonymous", anonymous, judge.SubmissionFilter{}, nil, judge.EUNAUTHORIZED},
	} {
		t.Run(tc.name, func(t *testing.T) {
			subs, total, err := e.s.Submissions(ctx, tc.v, tc.f)
			if judge.ErrorCode(err) != tc.code {
				t.Fatalf("Submissions = %v, want code %q", err, tc.code)
			}
			var got []int64
			for _, s := range subs {
				got = append(got, s.ID)
			}
			if len(got) != len(tc.want) || total != len(tc.want) {
				t.Fatalf("Submissions = %v (total %d), want %v", got, total, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("Submissions = %v, want %v", got, tc.want)
				}
			}
		})
	}
}

// TestServiceCaseAuthz checks Service.Case and Service.Problem: the expected
// answer of a hidden case is withheld from all but instructors, a sample's
// is not.
func TestServiceCaseAuthz(t *testing.T) {
	e := newAuthzEnv(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name     string
		v        judge.User
		id       int64
		redacted bool
	}{
		{"student, hidden", e.alice, e.hiddenID, true},
		{"anonymous, hidden", anonymous, e.hiddenID, true},
		{"student, sample", e.alice, e.sampleID, false},
		{"anonymous, sample", anonymous, e.sampleID, false},
		{"instructor, hidden", e.teach, e.hiddenID, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := e.s.Case(ctx, tc.v, "flood", tc.id)
			if err != nil {
				t.Fatal(err)
			}
			if c.Redacted != tc.redacted || (c.Expected.Answer == "") != tc.redacted {
				t.Errorf("Case = redacted %v, expected %+v; want redacted %v", c.Redacted, c.Expected, tc.redacted)
			}
			_, cases, err := e.s.Problem(ctx, tc.v, "flood")
			if err != nil {
				t.Fatal(err)
			}
			for _, pc := range cases {
				if pc.ID == tc.id && (pc.Redacted != tc.redacted || (pc.Expected.Answer == "") != tc.redacted) {
					t.Errorf("Problem's case = redacted %v, expected %+v; want redacted %v", pc.Redacted, pc.Expected, tc.redacted)
				}
			}
		})
	}
}

// TestServiceInstructorOnly checks that adding and deleting cases and
// rejudging are refused to students (EFORBIDDEN) and to nobody
// (EUNAUTHORIZED), whatever the faces' own gates do, and done for
// instructors.
func TestServiceInstructorOnly(t *testing.T) {
	e := newAuthzEnv(t)
	ctx := context.Background()
	spec := judge.CaseSpec{Name: "new", Input: "2\n0 1\n1 1\n"}
	for _, tc := range []struct {
		name string
		v    judge.User
		code string
	}{
		{"student", e.alice, judge.EFORBIDDEN},
		{"anonymous", anonymous, judge.EUNAUTHORIZED},
		{"roleless", roleless, judge.EUNAUTHORIZED},
	} {
		if _, err := e.s.AddCase(ctx, tc.v, "flood", spec); judge.ErrorCode(err) != tc.code {
			t.Errorf("AddCase(as %s) = %v, want code %s", tc.name, err, tc.code)
		}
		if err := e.s.DeleteCase(ctx, tc.v, "flood", e.hiddenID); judge.ErrorCode(err) != tc.code {
			t.Errorf("DeleteCase(as %s) = %v, want code %s", tc.name, err, tc.code)
		}
		if _, err := e.s.Rejudge(ctx, tc.v, "flood"); judge.ErrorCode(err) != tc.code {
			t.Errorf("Rejudge(as %s) = %v, want code %s", tc.name, err, tc.code)
		}
	}
	if _, cases, _ := e.s.Problem(ctx, e.teach, "flood"); len(cases) != 2 {
		t.Fatalf("refused calls changed the cases: %d, want 2", len(cases))
	}
	c, err := e.s.AddCase(ctx, e.teach, "flood", spec)
	if err != nil {
		t.Fatalf("AddCase(as instructor) = %v", err)
	}
	if _, err := e.s.Rejudge(ctx, e.teach, "flood"); err != nil {
		t.Errorf("Rejudge(as instructor) = %v", err)
	}
	if err := e.s.DeleteCase(ctx, e.teach, "flood", c.ID); err != nil {
		t.Errorf("DeleteCase(as instructor) = %v", err)
	}
}

// TestServiceSubmitAuthz checks that submitting and checking need a
// logged-in viewer, and that a submission is the viewer's whatever its
// UserID says.
func TestServiceSubmitAuthz(t *testing.T) {
	e := newAuthzEnv(t)
	ctx := context.Background()
	if _, err := e.s.Submit(ctx, anonymous, judge.Submission{UserID: e.alice.ID, ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n"}); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
		t.Errorf("Submit(as anonymous) = %v, want unauthorized", err)
	}
	if _, err := e.s.Check(ctx, anonymous, "floodit", "2\n0 0\n0 0\n", ""); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
		t.Errorf("Check(as anonymous) = %v, want unauthorized", err)
	}
	sub := submit(t, e.s, e.bob, judge.Submission{UserID: e.alice.ID, ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n"})
	if got, err := e.s.Submission(ctx, e.bob, sub.ID); err != nil || got.UserID != e.bob.ID {
		t.Errorf("a submission by bob naming alice = %+v, %v; want bob's", got, err)
	}
	if best, err := e.s.Bests(ctx, anonymous); err != nil || len(best) != 0 {
		t.Errorf("Bests(anonymous) = %v, %v; want none", best, err)
	}
	if _, tried, boards, err := e.s.Standing(ctx, anonymous, "flood"); err != nil || tried || boards != nil {
		t.Errorf("Progress(anonymous) = %v, %v, %v; want nothing", tried, boards, err)
	}
	if _, err := e.s.SubmitOutputs(ctx, anonymous, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer}, map[string]string{}); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
		t.Errorf("SubmitOutputs(as anonymous) = %v, want unauthorized", err)
	}
}

// TestServiceSignUp checks that SignUp makes a student account while
// registration is open and refuses with EFORBIDDEN while it is closed,
// when Register (the admin's) still works.
func TestServiceSignUp(t *testing.T) {
	ctx := context.Background()
	open := newService(t, openDB(t, "open.db"), service.Config{RegistrationOpen: true})
	if u, err := open.SignUp(ctx, anonymous, "newcomer", "password123", ""); err != nil || u.Role != judge.RoleStudent || !open.RegistrationOpen() {
		t.Errorf("SignUp(open) = %+v, %v; want a student", u, err)
	}
	closed := newService(t, openDB(t, "closed.db"), service.Config{})
	if _, err := closed.SignUp(ctx, anonymous, "newcomer", "password123", ""); judge.ErrorCode(err) != judge.EFORBIDDEN || closed.RegistrationOpen() {
		t.Errorf("SignUp(closed) = %v, want forbidden", err)
	}
	if _, err := closed.Register(ctx, "made-by-admin", "password123", judge.RoleStudent); err != nil {
		t.Errorf("Register(closed) = %v, want the account", err)
	}
}
