package ccs

import "puzzlejudge/judge"

// CCSView is who reads the Contest API: the jury, a contestant (Team, the
// key of their team: judge.BoardKey) or the public (Team 0, not jury).
type CCSView struct {
	Jury bool
	Team int64
}

// CCSViewOf returns how v reads contest c's Contest API.
func CCSViewOf(v judge.User, c judge.Contest) CCSView {
	if judge.CanManageContests(v) {
		return CCSView{Jury: true}
	}
	if judge.IsContestant(v, c) {
		return CCSView{Team: int64(judge.NewBoardRows(c).KeyOf(v.ID, v.Username))}
	}
	return CCSView{}
}

// Sees reports whether the viewer reads the event e.
func (w CCSView) Sees(e judge.FeedEvent) bool {
	if w.Jury {
		return e.Audience != judge.AudienceOthers
	}
	if e.Audience == judge.AudienceJury {
		return false
	}
	return e.TeamID == 0 || e.TeamID == w.Team
}

// Visible returns the objects the viewer reads, in order.
func (w CCSView) Visible(objs []CCSObject) []CCSObject {
	var out []CCSObject
	for _, o := range objs {
		if w.Sees(judge.FeedEvent{Audience: o.Audience, TeamID: o.TeamID}) {
			out = append(out, o)
		}
	}
	return out
}
