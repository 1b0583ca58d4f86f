package store

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// testTurns checks the fair queue of issue 32: users are served in turn
// (not oldest first across everyone), the two lanes are claimed apart, and
// a user never holds more than the cap of a lane's claims, also when two
// processes claim at once.
func testTurns(t *testing.T, open opener) {
	ctx := context.Background()
	d, other := open(t), open(t) // two processes on one database
	alice, p := aliceAndFlood(t, d)
	c, _ := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "1", Input: "x"})
	user := func(name string) judge.User {
		u, err := d.CreateUser(ctx, judge.User{Username: name, Role: judge.RoleStudent}, []byte("h"))
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	bob, carol := user("bob"), user("carol")
	submit := func(u judge.User, kind judge.Kind) int64 {
		t.Helper()
		sub := judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: kind, CaseID: c.ID, Payload: "1"}
		if kind == judge.KindProgram {
			sub.CaseID, sub.Language, sub.Payload = 0, "cpp", "int main() {}"
		}
		s, err := d.CreateSubmission(ctx, sub)
		if err != nil {
			t.Fatal(err)
		}
		return s.ID
	}
	claim := func(d *DB, lane judge.Lane, n, perUser int) []judge.Claim {
		t.Helper()
		claims, err := d.ClaimLane(ctx, lane, n, perUser)
		if err != nil {
			t.Fatal(err)
		}
		return claims
	}
	finish := func(claims ...judge.Claim) {
		t.Helper()
		var judged []judge.Judged
		for _, cl := range claims {
			judged = append(judged, judge.Judged{ID: cl.ID, Token: cl.Token, Verdict: judge.Accepted, Score: 100, JudgedAt: time.Now()})
		}
		if _, err := d.Finish(ctx, judged); err != nil {
			t.Fatal(err)
		}
	}

	// Answers: alice's five came first, yet bob's and carol's one each are
	// in the first claim of three.
	var aliceAnswers []int64
	for range 5 {
		aliceAnswers = append(aliceAnswers, submit(alice, judge.KindMoves))
	}
	bobAnswer, carolAnswer := submit(bob, judge.KindMoves), submit(carol, judge.KindAnswer)
	// Programs: alice's six, then bob's one.
	var alicePrograms []int64
	for range 6 {
		alicePrograms = append(alicePrograms, submit(alice, judge.KindProgram))
	}
	bobProgram := submit(bob, judge.KindProgram)

	got := ids(claim(d, judge.LaneAnswers, 3, 0))
	if want := []int64{aliceAnswers[0], bobAnswer, carolAnswer}; !slices.Equal(got, want) {
		t.Fatalf("first claim of three answers = %v, want alice's first, bob's and carol's %v", got, want)
	}
	// The rest of alice's answers, and no program in the answers' lane.
	rest := claim(d, judge.LaneAnswers, 100, 0)
	if got := ids(rest); !slices.Equal(got, aliceAnswers[1:]) {
		t.Fatalf("second claim of answers = %v, want alice's other four %v", got, aliceAnswers[1:])
	}
	finish(rest...)

	// Programs with a cap of 2: alice's first two and bob's, whatever n.
	first := claim(d, judge.LanePrograms, 10, 2)
	if got, want := ids(first), []int64{alicePrograms[0], alicePrograms[1], bobProgram}; !slices.Equal(got, want) {
		t.Fatalf("first claim of programs = %v, want alice's first two and bob's %v", got, want)
	}
	if got := claim(other, judge.LanePrograms, 10, 2); len(got) != 0 {
		t.Fatalf("another process claimed %v while alice holds her two slots; want nothing", ids(got))
	}
	// One of alice's ends: her third comes, and only it.
	finish(first[0])
	if got := ids(claim(other, judge.LanePrograms, 10, 2)); !slices.Equal(got, alicePrograms[2:3]) {
		t.Fatalf("claim after one of alice's programs ended = %v, want her third %v", got, alicePrograms[2:3])
	}
	// Carol's program, sent after all of alice's, goes before alice's
	// fourth: carol holds nothing, alice two.
	finish(first[1])
	carolProgram := submit(carol, judge.KindProgram)
	if got := ids(claim(d, judge.LanePrograms, 1, 2)); !slices.Equal(got, []int64{carolProgram}) {
		t.Fatalf("claim of one program = %v, want carol's %d before alice's fourth", got, carolProgram)
	}

	// Two processes claiming at once never give alice more than 2.
	for range 20 {
		submit(alice, judge.KindProgram)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	held := map[int64]int{} // user -> claims of programs now
	for _, cl := range claimsHeld(t, d) {
		held[cl]++
	}
	for i := range 8 {
		db := d
		if i%2 == 1 {
			db = other
		}
		wg.Go(func() {
			claims, err := db.ClaimLane(ctx, judge.LanePrograms, 1, 2)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			for _, cl := range claims {
				held[cl.UserID]++
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	if held[alice.ID] > 2 {
		t.Errorf("alice holds %d program claims after concurrent claims from two processes; want at most 2", held[alice.ID])
	}
}

// claimsHeld returns the user of each program claim held now.
func claimsHeld(t *testing.T, d *DB) []int64 {
	t.Helper()
	var users []int64
	err := d.db.Model(&submissionRow{}).Where("status = ? AND kind = ?", string(judge.StatusJudging), string(judge.KindProgram)).Pluck("user_id", &users).Error
	if err != nil {
		t.Fatal(err)
	}
	return users
}
