package api

import (
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestCCSFreezeFeedTellsNoVerdict: under the freeze, what the public feed
// logs after a try is the same whether the try was right or wrong: its
// submission (and its team, on a first try), and nothing else (no awards moved, no judgement). The feed
// used to log a new awards event exactly when a hidden try was accepted
// (issue 32).
func TestCCSFreezeFeedTellsNoVerdict(t *testing.T) {
	e := newCCSEnv(t, Options{})
	alice, bob := e.student("alice"), e.student("bob")
	e.waitReady()
	c := e.contest("Frozen feed", 4*time.Hour+30*time.Minute, 5*time.Hour, time.Hour, judge.ScoringICPC, nil)
	base := "/contests/" + itoa64(c.ID) + "/event-feed?stream=false"
	feed := feedLines(t, e.ccsGet(t, base, "", 200))
	last := feed[len(feed)-1].Token
	for _, try := range []struct {
		name  string
		token string
		right bool
	}{{"bob wrong", bob, false}, {"alice right", alice, true}, {"bob right", bob, true}} {
		e.contestSubmit(t, try.token, c, 0, try.right)
		after := feedLines(t, e.ccsGet(t, base+"&since_token="+last, "", 200))
		if len(after) == 0 {
			t.Fatalf("%s: the public feed logged nothing, not even the submission", try.name)
		}
		for _, ev := range after {
			if ev.Type != "submissions" && ev.Type != "teams" {
				t.Errorf("%s: the public feed logged %s %s under the freeze: %s", try.name, ev.Type, *ev.ID, ev.Data)
			}
		}
		last = after[len(after)-1].Token
	}
	// The jury's feed has the winner.
	jury := feedLines(t, e.ccsGet(t, base, e.admin, 200))
	var winner string
	for _, ev := range jury {
		if ev.Type == "awards" && ev.ID != nil && *ev.ID == "winner" {
			winner = string(ev.Data)
		}
	}
	if want := `"team_ids":["` + itoa64(e.user(alice).ID) + `"]`; !strings.Contains(winner, want) {
		t.Errorf("the jury's last winner award = %s, want %s", winner, want)
	}
}
