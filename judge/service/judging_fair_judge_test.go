package service_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/pgtest"
	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
)

// compileBomb is a C++ program whose constexpr loops take the compiler
// about 40 s of CPU (43 s each in the review of issue 32): 28 evaluations
// of 1.5 s each, each under gcc's own limit of operations (2^25 per
// evaluation, which one long loop meets in 5 s); n makes each source
// differ, so that no compile is shared.
func compileBomb(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `constexpr unsigned long long spin(unsigned long long n, unsigned long long k) {
	unsigned long long s = k + %d;
	for (unsigned long long i = 0; i < n; ++i)
		for (unsigned long long j = 0; j < n; ++j) s += i ^ j;
	return s;
}
`, n)
	for k := range 28 {
		fmt.Fprintf(&b, "constexpr unsigned long long x%d = spin(900, %d);\n", k, k)
	}
	b.WriteString("int main() { return x0 == 1; }\n")
	return b.String()
}

// pipeReader is a C++ program whose compiler reads its own standard
// output, a pipe: it waits, using no CPU, until the wall clock ends it.
func pipeReader(n int) string {
	return fmt.Sprintf("// %d\n#include \"/proc/self/fd/1\"\nint main() {}\n", n)
}

// TestFairJudge is the "done means" of issue 32's fair queue in one
// process: with 8 compile bombs and 4 pipe-reading compiles of alice in
// the queue, bob's answer is judged within 15 s and his program within
// 120 s; alice never holds more than queue.per_user (2) programs at once,
// though the process judges 3; and her compiles end as compile_error.
// The compiles are capped at fairCompileCPU (the server's compile.cpu) so
// that each bomb takes its slot for 1 s and not 10: the queue is as long,
// bob's program still has to pass it, and the test burns a tenth of the CPU.
func TestFairJudge(t *testing.T) {
	sb := sandboxtest.Embedded(t)
	s := newService(t, openDB(t, "fair.db"), service.Config{Sandbox: sb, ProgramsAtOnce: 3, PerUser: 2, CompileCPU: fairCompileCPU})
	alice, _ := floodReady(t, s)
	fairJudge(t, alice, s)
}

// TestFairJudgePostgres is TestFairJudge with two processes (services) on
// one PostgreSQL database, each judging 2 programs at once: the turns and
// the cap are the database's, so alice still holds at most 2 of the 4.
func TestFairJudgePostgres(t *testing.T) {
	dsn := pgtest.DSN(t)
	sb := sandboxtest.Embedded(t)
	dsn = pgtest.FreshDatabase(t, dsn, "judge_fair")
	open := func() *store.DB {
		db, err := store.Open("postgres", dsn, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	cfg := service.Config{Sandbox: sb, ProgramsAtOnce: 2, PerUser: 2, ClaimTimeout: time.Minute, CompileCPU: fairCompileCPU}
	first := newService(t, open(), cfg)
	alice, _ := floodReady(t, first)
	second := newService(t, open(), cfg)
	fairJudge(t, alice, first, second)
}

// fairCompileCPU caps the compiles of the fair-queue tests (Config.CompileCPU):
// a bomb needs 40 s, so that each of them burns exactly this much. 1 s
// (it was 2): the two tests' bombs burnt 20-30 s of CPU on both cores.
const fairCompileCPU = 1 * time.Second

// fairJudge runs the scenario of TestFairJudge on services sharing one
// database; alice and the problem flood are there, its cases ready.
func fairJudge(t *testing.T, alice judge.User, services ...*service.Service) {
	s := services[0]
	if !hasLanguage(s, "python3") || !hasLanguage(s, "cpp") {
		if sandboxtest.Required() {
			t.Fatal("python3 or cpp is not offered by the sandbox")
		}
		t.Skip("python3 or cpp is not installed")
	}
	ctx := context.Background()
	bob := mustUser(t, s, "bob")
	var bombs []int64
	for i := range 12 {
		src := compileBomb(i)
		if i%3 == 2 {
			src = pipeReader(i)
		}
		bombs = append(bombs, submit(t, s, alice, judge.Submission{ProblemSlug: "flood", Kind: judge.KindProgram, Language: "cpp", Payload: src}).ID)
	}
	// Alice's first compiles have begun.
	waitFor(t, "alice's programs judging", func() bool { return heldBy(t, s, alice) > 0 })

	start := time.Now()
	answer := submit(t, s, bob, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n"}).ID
	program := submit(t, s, bob, judge.Submission{ProblemSlug: "flood", Kind: judge.KindProgram, Language: "python3", Payload: source(t, "flood.py")}).ID
	var answerIn, programIn time.Duration
	most, aliceLeft := 0, 0
	for answerIn == 0 || programIn == 0 {
		if time.Since(start) > 3*time.Minute {
			t.Fatalf("after %v: bob's answer judged in %v, his program in %v (0: not yet)", time.Since(start), answerIn, programIn)
		}
		most = max(most, heldBy(t, s, alice))
		for _, w := range []struct {
			id   int64
			took *time.Duration
		}{{answer, &answerIn}, {program, &programIn}} {
			if *w.took != 0 {
				continue
			}
			sub, err := s.Submission(ctx, staff, w.id)
			if err != nil {
				t.Fatal(err)
			}
			if sub.Status == judge.StatusDone {
				*w.took = time.Since(start)
				if sub.Verdict != judge.Accepted {
					t.Errorf("bob's %s = %s (%+v), want accepted", sub.Kind, sub.Verdict, sub.Results)
				}
				if w.id == program {
					aliceLeft = len(bombs) - len(done(t, s, bombs))
				}
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("behind 8 compile bombs and 4 pipe-reading compiles of alice: bob's answer judged in %v, his program in %v; alice held at most %d programs at once",
		answerIn.Round(time.Millisecond), programIn.Round(time.Millisecond), most)
	if answerIn > 15*time.Second {
		t.Errorf("bob's answer waited %v, want at most 15 s", answerIn)
	}
	if programIn > 120*time.Second {
		t.Errorf("bob's program waited %v, want at most 120 s", programIn)
	}
	if most > 2 {
		t.Errorf("alice held %d programs at once, want at most queue.per_user = 2", most)
	}
	// In turn, not in order: bob's program passed alice's queue.
	if aliceLeft == 0 {
		t.Errorf("bob's program was judged after all %d of alice's, want before her queue ends", len(bombs))
	}
	// Her first compiles end as compile_error, within the compile limits
	// (fairCompileCPU, and 5 s more of wall) and the time a busy machine adds.
	var ended []judge.Submission
	waitFor(t, "two of alice's compiles ended", func() bool {
		ended = done(t, s, bombs)
		return len(ended) >= 2
	})
	for _, sub := range ended {
		lines := strings.Split(strings.TrimSpace(sub.CompileOutput), "\n")
		t.Logf("alice's %d: %s, %q", sub.ID, sub.Verdict, lines[len(lines)-1])
		if sub.Verdict != judge.CompileError {
			t.Errorf("alice's compile bomb %d = %s (%q), want compile_error", sub.ID, sub.Verdict, sub.CompileOutput)
		}
	}
}

// done returns the submissions of ids that are judged.
func done(t *testing.T, s *service.Service, ids []int64) []judge.Submission {
	t.Helper()
	var out []judge.Submission
	for _, id := range ids {
		if sub, err := s.Submission(context.Background(), staff, id); err == nil && sub.Status == judge.StatusDone {
			out = append(out, sub)
		}
	}
	return out
}

// heldBy returns the programs of u being judged now, as the database says.
func heldBy(t *testing.T, s *service.Service, u judge.User) int {
	t.Helper()
	subs, _, err := s.Submissions(context.Background(), staff, judge.SubmissionFilter{UserID: u.ID, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, sub := range subs {
		if sub.Kind == judge.KindProgram && sub.Status == judge.StatusJudging {
			n++
		}
	}
	return n
}
