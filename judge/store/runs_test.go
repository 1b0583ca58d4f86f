package store

import (
	"context"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// testRuns checks the leases of runs on a student's own input: they count
// with the user's programs being judged against the cap per user, an
// expired one does not, a dropped one frees its place, and a user holding
// a run goes behind a user holding nothing in the programs' turns, while
// the answers' lane ignores runs.
func testRuns(t *testing.T, open opener) {
	ctx := context.Background()
	d, other := open(t), open(t) // two processes on one database
	alice, p := aliceAndFlood(t, d)
	bob, err := d.CreateUser(ctx, judge.User{Username: "bob", Role: judge.RoleStudent}, []byte("h"))
	if err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Minute)
	hold := func(d *DB, u judge.User, until time.Time, want bool) int64 {
		t.Helper()
		id, ok, err := d.HoldRun(ctx, u.ID, 2, until)
		if err != nil || ok != want {
			t.Fatalf("HoldRun(%s) = %v, %v; want %v", u.Username, ok, err, want)
		}
		return id
	}
	first := hold(d, alice, later, true)
	second := hold(other, alice, later, true)
	hold(d, alice, later, false) // two held, cap 2: across processes
	if err := d.DropRun(ctx, first); err != nil {
		t.Fatal(err)
	}
	third := hold(other, alice, later, true)
	hold(d, alice, later, false)
	hold(d, bob, time.Now().Add(-time.Second), true) // expired at once
	hold(d, bob, later, true)
	hold(d, bob, later, true) // the expired one counts for nothing
	hold(d, bob, later, false)

	// A program being judged counts as one of the two.
	prog := func(u judge.User) int64 {
		s, err := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindProgram, Language: "cpp", Payload: "int main() {}"})
		if err != nil {
			t.Fatal(err)
		}
		return s.ID
	}
	carol, err := d.CreateUser(ctx, judge.User{Username: "carol", Role: judge.RoleStudent}, []byte("h"))
	if err != nil {
		t.Fatal(err)
	}
	c1 := prog(carol)
	if claims, err := d.ClaimLane(ctx, judge.LanePrograms, 1, 2); err != nil || len(claims) != 1 || claims[0].ID != c1 {
		t.Fatalf("ClaimLane = %+v, %v; want carol's program", claims, err)
	}
	hold(d, carol, later, true)
	hold(d, carol, later, false)

	// Turns: alice holds a run (third), dave nothing; alice's program,
	// older, goes after dave's.
	dave, err := d.CreateUser(ctx, judge.User{Username: "dave", Role: judge.RoleStudent}, []byte("h"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []int64{second, third} {
		if err := d.DropRun(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	hold(d, alice, later, true) // one run held now
	a, dv := prog(alice), prog(dave)
	claims, err := other.ClaimLane(ctx, judge.LanePrograms, 1, 2)
	if err != nil || len(claims) != 1 || claims[0].ID != dv {
		t.Fatalf("ClaimLane = %+v, %v; want dave's program %d before alice's %d (alice holds a run)", claims, err, dv, a)
	}
	claims, err = other.ClaimLane(ctx, judge.LanePrograms, 1, 2)
	if err != nil || len(claims) != 1 || claims[0].ID != a {
		t.Fatalf("ClaimLane = %+v, %v; want alice's program %d next (one run, under the cap)", claims, err, a)
	}
}
