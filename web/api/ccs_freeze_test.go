package api

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestCCSFreezeFeedTellsNoVerdict: under the freeze, what the public feed
// tells after a try is the same whether the try was right or wrong: its
// submission (and its team, on a first try), nothing else (no award, no
// judgement), and the same number of events it does not read, which the
// gaps in its tokens show. The feed used to log new awards events exactly
// when a hidden try was accepted, for the public and then, split, for the
// jury alone (issue 32). The jury reads the live awards at /awards.
func TestCCSFreezeFeedTellsNoVerdict(t *testing.T) {
	e := newCCSEnv(t, Options{})
	alice, bob := e.student("alice"), e.student("bob")
	e.waitReady()
	// Listed, so that their teams exist before their first tries (a
	// newcomer's team, its person and account are events of their own).
	c := e.contest("Frozen feed", 4*time.Hour+30*time.Minute, 5*time.Hour, time.Hour, judge.ScoringICPC, []string{"alice", "bob"})
	base := "/contests/" + itoa64(c.ID)
	feed := base + "/event-feed?stream=false"
	// top is the last token of the log, as the jury's feed reads it (the
	// jury reads every event but the others' own versions).
	top := func() int64 {
		t.Helper()
		var n int64
		for _, who := range []string{"", e.admin} {
			for _, ev := range feedLines(t, e.ccsGet(t, feed, who, 200)) {
				tok, _ := strconv.ParseInt(ev.Token, 10, 64)
				n = max(n, tok)
			}
		}
		return n
	}
	last := top()
	unseen := map[string]int64{}
	for _, try := range []struct {
		name  string
		token string
		right bool
	}{{"bob wrong", bob, false}, {"alice right", alice, true}, {"bob right", bob, true}, {"alice wrong", alice, false}} {
		e.contestSubmit(t, try.token, c, 0, try.right)
		after := feedLines(t, e.ccsGet(t, feed+"&since_token="+itoa64(last), "", 200))
		if len(after) == 0 {
			t.Fatalf("%s: the public feed logged nothing, not even the submission", try.name)
		}
		teams := int64(0)
		for _, ev := range after {
			switch ev.Type {
			case "submissions":
			case "teams":
				teams++
			default:
				t.Errorf("%s: the public feed logged %s %s under the freeze: %s", try.name, ev.Type, *ev.ID, ev.Data)
			}
		}
		now := top()
		unseen[try.name] = now - last - int64(len(after))
		last = now
	}
	for name, n := range unseen {
		if n != unseen["bob wrong"] {
			t.Errorf("the public feed's tokens skip %d events after %q, %d after a wrong try: the gap tells the verdict", n, name, unseen["bob wrong"])
		}
	}
	// The jury reads the live awards: alice won.
	var awards []struct {
		ID      string   `json:"id"`
		TeamIDs []string `json:"team_ids"`
	}
	json.Unmarshal(e.ccsGet(t, base+"/awards", e.admin, 200), &awards)
	if len(awards) == 0 || awards[0].ID != "winner" || len(awards[0].TeamIDs) != 1 || awards[0].TeamIDs[0] != e.teamID(c, "alice") {
		t.Errorf("the jury's awards = %+v, want alice the winner", awards)
	}
}
