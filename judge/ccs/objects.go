package ccs

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"puzzlejudge/judge"
)

// CCSInput is what the Contest API objects of one contest are built from.
type CCSInput struct {
	Contest judge.Contest
	Now     time.Time
	// Problems are the facts of Contest.Problems beyond the contest's own,
	// in the same order.
	Problems []CCSProblemFacts
	// Languages are the languages submissions are written in: the
	// sandbox's and the two of this judge's text kinds.
	Languages []CCSLanguage
	// Teams are the contest's teams, and a team of one for each user in
	// no team who submitted or asked in the contest; Keys maps each user
	// id of a team's member to the team's key (judge.BoardKey: a team's id,
	// minus the user id for one in no team).
	Teams []CCSTeam
	Keys  map[int64]int64
	// Accounts are the members' accounts and the jury's.
	Accounts []CCSAccount
	// Runs are the runs (one per board) of the current judgings of the
	// submissions, by submission id: only those CCSCache.Stale named need
	// to be there.
	Runs           map[int64][]judge.CCSRun
	Submissions    []judge.CCSSubmission // in id order
	Clarifications []judge.Clarification // in id order
	// Live is the board without hidden teams, unfrozen
	// (judge.UnfrozenPublicBoard); Frozen the board everyone else reads
	// (the same as Live when the board is not frozen). The awards are
	// made from them.
	Live, Frozen judge.Scoreboard
	// Cache, when not nil, keeps the objects of each submission (it and
	// its judgements) from one build to the next of the same contest:
	// they are rebuilt only when the submission changed.
	Cache *CCSCache
}

// CCSCache keeps the objects built for each submission of one contest.
type CCSCache struct {
	mu   sync.Mutex
	subs map[int64]ccsCached
}

type ccsCached struct {
	fp   ccsFingerprint
	objs []CCSObject
}

// ccsFingerprint is everything a submission's objects are made of.
type ccsFingerprint struct {
	contest  int64
	start    int64
	scoring  judge.Scoring
	problem  string
	language string
	user     int64
	team     int64
	created  int64
	status   judge.Status
	verdict  judge.Verdict
	score    float64
	judged   int64
	cpu      int64
	history  int
	hidden   bool
	// teamHidden: the team is in a hidden group (its objects are its own
	// and the jury's).
	teamHidden bool
}

// CCSProblemFacts are what a problem object says beyond the contest.
type CCSProblemFacts struct {
	Cases  int
	Limits judge.Limits
	// Programs reports a problem that takes programs: its limits are
	// then the sandbox's.
	Programs bool
}

// CCSLanguage is a language of the API.
type CCSLanguage struct {
	ID, Name   string
	Extensions []string
	// EntryPoint names the kind of entry point the language needs
	// ("Main class"); "" when it needs none.
	EntryPoint string
}

// CCSTeam is a team of the API: one of the contest's (Organization and
// Groups name the contest's), or a user in no team (Key minus the user's
// id). Members are its members' accounts.
type CCSTeam struct {
	Key          int64
	Name         string
	Organization string
	Groups       []string
	Hidden       bool
	Members      []CCSAccount
}

// CCSAccount is an account of the API: a team member's (TeamKey set) or a
// jury member's.
type CCSAccount struct {
	UserID   int64
	Username string
	TeamKey  int64
	Jury     bool
}

// CCSObject is one object of the API (or a whole singleton: the contest,
// the state) as an audience reads it: what GET on its endpoint answers, and
// what the event feed sends when it changes.
type CCSObject struct {
	Type     string
	ID       string // "" for a singleton
	Audience judge.Audience
	TeamID   int64
	Data     json.RawMessage
	// Embargoed marks a run of a try made under the freeze while the
	// others' board is frozen: its team and the jury read it at /runs,
	// the event feed logs it at the unfreeze (SyncFeed).
	Embargoed bool
}

// Key identifies the object within its audience.
func (o CCSObject) Key() string {
	return o.Type + "\x00" + o.ID + "\x00" + strconv.Itoa(int(o.Audience)) + "\x00" + strconv.FormatInt(o.TeamID, 10)
}

// The API's types (the event feed's and the endpoints' names) built here.
const (
	CCSContest        = "contest"
	CCSJudgementTypes = "judgement-types"
	CCSLanguages      = "languages"
	CCSProblems       = "problems"
	CCSGroups         = "groups"
	CCSOrganizations  = "organizations"
	CCSTeams          = "teams"
	CCSPersons        = "persons"
	CCSAccounts       = "accounts"
	CCSState          = "state"
	CCSSubmissions    = "submissions"
	CCSJudgements     = "judgements"
	CCSRuns           = "runs"
	CCSClarifications = "clarifications"
	CCSAwards         = "awards"
)

// CCSTypes lists the types in the order a feed starts with them:
// configuration first, then live data.
var CCSTypes = []string{CCSContest, CCSJudgementTypes, CCSLanguages, CCSProblems, CCSGroups, CCSOrganizations, CCSTeams,
	CCSPersons, CCSAccounts, CCSState, CCSSubmissions, CCSJudgements, CCSRuns, CCSClarifications, CCSAwards}

// CCSObjects builds every object of the contest's API, each once per
// audience that reads it (see CCSView.Sees): the endpoints answer the ones
// their viewer sees, and the event feed logs each change. One builder for
// both keeps the feed and the endpoints in agreement.
func CCSObjects(in CCSInput) []CCSObject {
	b := ccsBuilder{in: in, c: in.Contest, hiddenTeams: hiddenTeams(in.Teams),
		out: make([]CCSObject, 0, 2*len(in.Submissions)+len(in.Teams)+len(in.Clarifications)+2*len(in.Contest.Problems)+32)}
	b.contest()
	b.judgementTypes()
	b.languages()
	b.problems()
	b.groups()
	b.organizations()
	b.teams()
	b.persons()
	b.accounts()
	b.state()
	b.submissionsAndJudgements()
	b.clarifications()
	b.awards()
	return b.out
}

type ccsBuilder struct {
	in  CCSInput
	c   judge.Contest
	out []CCSObject
	// hiddenTeams are the keys of the teams of hidden groups.
	hiddenTeams map[int64]bool
}

func hiddenTeams(teams []CCSTeam) map[int64]bool {
	out := map[int64]bool{}
	for _, t := range teams {
		if t.Hidden {
			out[t.Key] = true
		}
	}
	return out
}

// reader is the team to which an object about the team whose key is k is
// kept (with the jury): k for a team of a hidden group, 0 (everyone)
// for any other. The public and the other teams do not read a hidden
// team, nor its submissions, judgements and runs: the API's objects
// refer only to what their reader reads (referential integrity), and the
// observers stay as far out of the public's sight as off its board.
func (b *ccsBuilder) reader(k int64) int64 {
	if b.hiddenTeams[k] {
		return k
	}
	return 0
}

func (b *ccsBuilder) add(typ, id string, aud judge.Audience, team int64, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // the values are this file's own maps and structs
	}
	b.out = append(b.out, CCSObject{Type: typ, ID: id, Audience: aud, TeamID: team, Data: data})
}

func (b *ccsBuilder) contestTime(t time.Time) string { return CCSRelTime(t.Sub(b.c.StartTime)) }

// CCSContestObject is the contest object alone (the /contests list).
func CCSContestObject(c judge.Contest) map[string]any {
	o := map[string]any{
		"id":          CCSContestID(c.ID),
		"name":        c.Title,
		"formal_name": c.Title,
		"start_time":  CCSTime(c.StartTime),
		"duration":    CCSRelTime(c.Duration),
	}
	if c.Freeze > 0 {
		o["scoreboard_freeze_duration"] = CCSRelTime(c.Freeze)
	}
	if c.UnfrozenAt != nil {
		o["scoreboard_thaw_time"] = CCSTime(ccsThawed(c, *c.UnfrozenAt))
	}
	if c.Scoring == judge.ScoringIOI {
		o["scoreboard_type"] = "score"
	} else {
		o["scoreboard_type"] = "pass-fail"
		o["penalty_time"] = CCSMinutes(judge.PenaltyMinutes)
	}
	return o
}

// ccsThawed is the API's thaw time: the unfreeze, or the end when the jury
// unfroze before it (the API orders ended before thawed).
func ccsThawed(c judge.Contest, at time.Time) time.Time {
	if at.Before(c.EndTime()) {
		return c.EndTime()
	}
	return at
}

func (b *ccsBuilder) contest() {
	b.add(CCSContest, "", judge.AudienceAll, 0, CCSContestObject(b.c))
}

func (b *ccsBuilder) judgementTypes() {
	for _, t := range JudgementTypes(b.c.Scoring) {
		b.add(CCSJudgementTypes, t.ID, judge.AudienceAll, 0, t)
	}
}

func (b *ccsBuilder) languages() {
	for _, l := range b.in.Languages {
		o := map[string]any{"id": l.ID, "name": l.Name, "entry_point_required": l.EntryPoint != "",
			"extensions": ccsExtensions(l.Extensions)}
		if l.EntryPoint != "" {
			o["entry_point_name"] = l.EntryPoint
		}
		b.add(CCSLanguages, l.ID, judge.AudienceAll, 0, o)
	}
}

func ccsExtensions(exts []string) []string {
	out := []string{}
	for _, e := range exts {
		e = strings.TrimPrefix(e, ".")
		if e != "" && !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out
}

func (b *ccsBuilder) problems() {
	// Before the start only the jury reads the problems.
	aud := judge.AudienceAll
	if !b.c.Started(b.in.Now) {
		aud = judge.AudienceJury
	}
	for i, p := range b.c.Problems {
		o := map[string]any{"id": CCSProblemID(p), "label": p.Label, "name": p.Title, "ordinal": i + 1, "test_data_count": 0}
		if o["name"] == "" {
			o["name"] = p.Label
		}
		if i < len(b.in.Problems) {
			f := b.in.Problems[i]
			o["test_data_count"] = f.Cases
			if f.Programs {
				if f.Limits.TimeLimit > 0 {
					o["time_limit"] = float64(int64(f.Limits.TimeLimit*1000+0.5)) / 1000
				}
				if f.Limits.MemoryMiB > 0 {
					o["memory_limit"] = f.Limits.MemoryMiB
				}
				if f.Limits.OutputMiB > 0 {
					o["output_limit"] = f.Limits.OutputMiB
				}
				if f.Limits.CodeKiB > 0 {
					o["code_limit"] = f.Limits.CodeKiB
				}
			}
		}
		if b.c.Scoring == judge.ScoringIOI {
			o["max_score"] = 100
		}
		b.add(CCSProblems, CCSProblemID(p), aud, 0, o)
	}
}

// teamKey is the key of the team the user's submissions count for.
func (b *ccsBuilder) teamKey(user int64) int64 {
	if k, ok := b.in.Keys[user]; ok {
		return k
	}
	return -user
}

// groups adds the groups: a hidden group for the jury and, one copy each,
// for its teams (whose group_ids name it), not for the public.
func (b *ccsBuilder) groups() {
	for _, g := range b.c.Groups {
		id := ccsID(g.ID)
		o := map[string]any{"id": id, "name": g.Name}
		if !g.Hidden {
			b.add(CCSGroups, id, judge.AudienceAll, 0, o)
			continue
		}
		b.add(CCSGroups, id, judge.AudienceJury, 0, o)
		for _, t := range b.in.Teams {
			if slices.Contains(t.Groups, g.Name) {
				b.add(CCSGroups, id, judge.AudienceOthers, t.Key, o)
			}
		}
	}
}

func (b *ccsBuilder) organizations() {
	for _, o := range b.c.Organizations {
		id := ccsID(o.ID)
		obj := map[string]any{"id": id, "name": o.Name, "formal_name": o.FormalName, "country": nil}
		if o.FormalName == "" {
			obj["formal_name"] = o.Name
		}
		if o.Country != "" {
			obj["country"] = o.Country
		}
		b.add(CCSOrganizations, id, judge.AudienceAll, 0, obj)
	}
}

// teams adds the teams, for everyone but those of hidden groups: these,
// with hidden true (which keeps them off the scoreboards the ICPC tools
// draw), for themselves and the jury.
func (b *ccsBuilder) teams() {
	for _, t := range b.in.Teams {
		id := CCSTeamID(t.Key)
		o := map[string]any{"id": id, "name": t.Name, "label": id, "display_name": t.Name, "organization_id": nil, "group_ids": []string{}, "hidden": t.Hidden}
		if org, ok := b.c.OrganizationNamed(t.Organization); ok && t.Organization != "" {
			o["organization_id"] = ccsID(org.ID)
		}
		for _, name := range t.Groups {
			if g, ok := b.c.GroupNamed(name); ok {
				o["group_ids"] = append(o["group_ids"].([]string), ccsID(g.ID))
			}
		}
		b.add(CCSTeams, id, judge.AudienceAll, b.reader(t.Key), o)
	}
}

// persons adds a person for each member of a team: the team's and the
// jury's to read, as the members are.
func (b *ccsBuilder) persons() {
	for _, t := range b.in.Teams {
		for _, m := range t.Members {
			id := ccsID(m.UserID)
			b.add(CCSPersons, id, judge.AudienceAll, t.Key, map[string]any{"id": id, "name": m.Username, "team_ids": []string{CCSTeamID(t.Key)}, "role": "contestant"})
		}
	}
}

// accounts adds the accounts: a team member's for the team and the jury,
// the jury's for the jury.
func (b *ccsBuilder) accounts() {
	for _, a := range b.in.Accounts {
		id := ccsID(a.UserID)
		o := map[string]any{"id": id, "username": a.Username, "name": a.Username, "type": "team", "team_id": nil, "person_id": nil}
		if a.Jury {
			o["type"] = "admin"
			b.add(CCSAccounts, id, judge.AudienceJury, 0, o)
			continue
		}
		o["team_id"], o["person_id"] = CCSTeamID(a.TeamKey), id
		b.add(CCSAccounts, id, judge.AudienceAll, a.TeamKey, o)
	}
}

// CCSStateObject is the contest's state at now.
func CCSStateObject(c judge.Contest, now time.Time) map[string]any {
	at := func(t time.Time) any {
		if now.Before(t) {
			return nil
		}
		return CCSTime(t)
	}
	o := map[string]any{"started": at(c.StartTime), "ended": at(c.EndTime()), "finalized": nil, "end_of_updates": nil}
	if f, ok := c.FreezeTime(); ok {
		o["frozen"] = at(f)
		o["thawed"] = nil
		if c.UnfrozenAt != nil && c.Ended(now) {
			o["thawed"] = CCSTime(ccsThawed(c, *c.UnfrozenAt))
		}
	}
	// The results are final once the contest has ended and its board is
	// revealed; rejudges may still come, so updates never end.
	if c.Ended(now) && (o["frozen"] == nil || o["thawed"] != nil) {
		fin := c.EndTime()
		if c.UnfrozenAt != nil {
			fin = ccsThawed(c, *c.UnfrozenAt)
		}
		o["finalized"] = CCSTime(fin)
	}
	return o
}

func (b *ccsBuilder) state() {
	b.add(CCSState, "", judge.AudienceAll, 0, CCSStateObject(b.c, b.in.Now))
}

func (b *ccsBuilder) submissionProblem(s judge.CCSSubmission) (judge.ContestProblem, bool) {
	return b.c.Problem(s.ProblemID)
}

// ccsSubmission and ccsJudgement are the two objects a contest has by the
// thousand: structs, which encoding/json writes several times faster than
// maps.
type ccsSubmission struct {
	ID          string    `json:"id"`
	LanguageID  string    `json:"language_id"`
	ProblemID   string    `json:"problem_id"`
	TeamID      string    `json:"team_id"`
	Time        string    `json:"time"`
	ContestTime string    `json:"contest_time"`
	EntryPoint  *string   `json:"entry_point"`
	Files       []ccsFile `json:"files"`
}

type ccsFile struct {
	Href     string `json:"href"`
	Filename string `json:"filename"`
	Mime     string `json:"mime"`
}

type ccsJudgement struct {
	ID               string   `json:"id"`
	SubmissionID     string   `json:"submission_id"`
	JudgementTypeID  string   `json:"judgement_type_id"`
	Score            *float64 `json:"score,omitempty"`
	Current          bool     `json:"current"`
	StartTime        string   `json:"start_time"`
	StartContestTime string   `json:"start_contest_time"`
	EndTime          string   `json:"end_time"`
	EndContestTime   string   `json:"end_contest_time"`
	MaxRunTime       *float64 `json:"max_run_time,omitempty"`
}

// submissionsAndJudgements adds each submission and its judgements,
// taken from the cache when the submission has not changed. The
// submissions come first, then the judgements, as a feed wants them.
func (b *ccsBuilder) submissionsAndJudgements() {
	judgements := make([]CCSObject, 0, len(b.in.Submissions)+8)
	cache := b.in.Cache
	if cache != nil {
		cache.mu.Lock()
		defer cache.mu.Unlock()
		if cache.subs == nil {
			cache.subs = map[int64]ccsCached{}
		}
	}
	for _, s := range b.in.Submissions {
		p, ok := b.submissionProblem(s)
		if !ok {
			continue
		}
		fp := b.fingerprint(s, p)
		if cache != nil {
			if c, ok := cache.subs[s.ID]; ok && c.fp == fp {
				b.out = append(b.out, c.objs[0])
				judgements = append(judgements, c.objs[1:]...)
				continue
			}
		}
		n := len(b.out)
		b.submission(s, p)
		b.judgements(s)
		objs := slices.Clone(b.out[n:])
		b.out = append(b.out[:n], objs[0])
		judgements = append(judgements, objs[1:]...)
		if cache != nil {
			cache.subs[s.ID] = ccsCached{fp: fp, objs: objs}
		}
	}
	// The judgements, then their runs: a run refers to its judgement.
	runs := slices.DeleteFunc(slices.Clone(judgements), func(o CCSObject) bool { return o.Type != CCSRuns })
	judgements = slices.DeleteFunc(judgements, func(o CCSObject) bool { return o.Type == CCSRuns })
	b.out = append(append(b.out, judgements...), runs...)
}

// fingerprint is what the objects of s, a submission to p, are made of.
func (b *ccsBuilder) fingerprint(s judge.CCSSubmission, p judge.ContestProblem) ccsFingerprint {
	fp := ccsFingerprint{contest: b.c.ID, start: b.c.StartTime.UnixNano(), scoring: b.c.Scoring, problem: CCSProblemID(p),
		language: s.Language, user: s.UserID, team: b.teamKey(s.UserID), created: s.CreatedAt.UnixNano(), status: s.Status, verdict: s.Verdict,
		score: s.Score, cpu: s.CPUMs, history: len(s.History), hidden: b.hidden(s), teamHidden: b.hiddenTeams[b.teamKey(s.UserID)]}
	if s.JudgedAt != nil {
		fp.judged = s.JudgedAt.UnixNano()
	}
	return fp
}

// Stale returns the ids of the submissions of in whose objects the cache
// does not hold as they are now (all of them without a cache): those whose
// runs CCSObjects needs in in.Runs.
func (c *CCSCache) Stale(in CCSInput) []int64 {
	b := ccsBuilder{in: in, c: in.Contest, hiddenTeams: hiddenTeams(in.Teams)}
	var out []int64
	if c != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
	}
	for _, s := range in.Submissions {
		p, ok := b.submissionProblem(s)
		if !ok || s.JudgedAt == nil || s.Verdict == "" {
			continue
		}
		if c != nil {
			if cached, ok := c.subs[s.ID]; ok && cached.fp == b.fingerprint(s, p) {
				continue
			}
		}
		out = append(out, s.ID)
	}
	return out
}

func (b *ccsBuilder) submission(s judge.CCSSubmission, p judge.ContestProblem) {
	id := ccsID(s.ID)
	o := ccsSubmission{ID: id, LanguageID: s.Language, ProblemID: CCSProblemID(p), TeamID: CCSTeamID(b.teamKey(s.UserID)),
		Time: CCSTime(s.CreatedAt), ContestTime: b.contestTime(s.CreatedAt),
		Files: []ccsFile{{Href: "contests/" + CCSContestID(b.c.ID) + "/submissions/" + id + "/files", Filename: "files.zip", Mime: "application/zip"}}}
	// The schema's oneOf for C and C++ wants entry_point present and null;
	// the other languages take null too.
	if s.Language == "java" || s.Language == "kotlin" {
		main := "Main"
		o.EntryPoint = &main
	}
	b.add(CCSSubmissions, id, judge.AudienceAll, b.reader(b.teamKey(s.UserID)), o)
}

// hidden reports whether the judgements of s are kept from everyone but
// the jury and its owner: it was made from the freeze on and the board
// the others read is still frozen.
func (b *ccsBuilder) hidden(s judge.CCSSubmission) bool {
	f, ok := b.c.FreezeTime()
	return ok && b.in.Frozen.Frozen && !s.CreatedAt.Before(f)
}

// judgements adds the judgements of s: one per judging a rejudge
// replaced, no longer current, and the current one.
func (b *ccsBuilder) judgements(s judge.CCSSubmission) {
	team := b.reader(b.teamKey(s.UserID))
	if b.hidden(s) {
		team = b.teamKey(s.UserID)
	}
	n := 0
	for _, h := range s.History {
		n++
		at := s.CreatedAt
		if h.JudgedAt != nil {
			at = *h.JudgedAt
		}
		b.judgement(s, n, h.Verdict, h.Score, at, 0, false, team)
	}
	// During a rejudge the last result stays current until the new one
	// is written (and it joins History).
	if s.JudgedAt == nil || s.Verdict == "" {
		return
	}
	n++
	id := b.judgement(s, n, s.Verdict, s.Score, *s.JudgedAt, s.CPUMs, true, team)
	b.runs(s, id, team)
}

// ccsRun is a run: one board's result of a judgement.
type ccsRun struct {
	ID              string `json:"id"`
	JudgementID     string `json:"judgement_id"`
	Ordinal         int    `json:"ordinal"`
	JudgementTypeID string `json:"judgement_type_id"`
	Time            string `json:"time"`
	ContestTime     string `json:"contest_time"`
	// RunTime is always there: the specification's type is a number,
	// not null (a program faster than a millisecond ran 0 s, and an
	// answer runs nothing).
	RunTime float64 `json:"run_time"`
}

// runs adds the runs of the current judgement id of s, one per board in
// board order, for the judgement's audience. Every board is judged, so
// ordinal is the board's position; the time is the judgement's (the
// boards' own are not kept), run_time a program's CPU time on the board
// (0 for an answer).
func (b *ccsBuilder) runs(s judge.CCSSubmission, judgement string, team int64) {
	at := *s.JudgedAt
	if at.Before(s.CreatedAt) {
		at = s.CreatedAt
	}
	for i, r := range b.in.Runs[s.ID] {
		typ := JudgementTypeOf(r.Verdict)
		if typ == "" {
			continue
		}
		o := ccsRun{ID: judgement + "." + strconv.Itoa(i+1), JudgementID: judgement, Ordinal: i + 1, JudgementTypeID: typ,
			Time: CCSTime(at), ContestTime: b.contestTime(at)}
		o.RunTime = float64(r.CPUMs) / 1000
		b.add(CCSRuns, o.ID, judge.AudienceAll, team, o)
		b.out[len(b.out)-1].Embargoed = b.hidden(s)
	}
}

func (b *ccsBuilder) judgement(s judge.CCSSubmission, n int, v judge.Verdict, score float64, at time.Time, cpuMs int64, current bool, team int64) string {
	id := ccsID(s.ID)
	if n > 1 {
		id += "-" + strconv.Itoa(n)
	}
	if at.Before(s.CreatedAt) {
		at = s.CreatedAt
	}
	o := ccsJudgement{ID: id, SubmissionID: ccsID(s.ID), JudgementTypeID: JudgementTypeOf(v), Current: current,
		StartTime: CCSTime(at), StartContestTime: b.contestTime(at), EndTime: CCSTime(at), EndContestTime: b.contestTime(at)}
	if b.c.Scoring == judge.ScoringIOI {
		o.Score = &score
	}
	if cpuMs > 0 {
		t := float64(cpuMs) / 1000
		o.MaxRunTime = &t
	}
	b.add(CCSJudgements, id, judge.AudienceAll, team, o)
	return id
}

func (b *ccsBuilder) clarifications() {
	for _, m := range b.in.Clarifications {
		id := ccsID(m.ID)
		o := map[string]any{"id": id, "from_team_id": nil, "to_team_id": nil, "to_team_ids": nil, "reply_to_id": nil,
			"problem_id": nil, "text": m.Text, "time": CCSTime(m.CreatedAt), "contest_time": b.contestTime(m.CreatedAt)}
		from, to := b.teamKey(m.FromUserID), b.teamKey(m.ToUserID)
		if m.FromUserID != 0 {
			o["from_team_id"] = CCSTeamID(from)
		}
		if m.ToUserID != 0 {
			o["to_team_id"] = CCSTeamID(to)
			o["to_team_ids"] = []string{CCSTeamID(to)}
		}
		if p, ok := b.c.Problem(m.ProblemID); ok {
			o["problem_id"] = CCSProblemID(p)
		}
		switch {
		case !m.FromJury():
			b.add(CCSClarifications, id, judge.AudienceAll, from, o)
		case m.ToUserID != 0:
			if m.ReplyToID != 0 {
				o["reply_to_id"] = ccsID(m.ReplyToID)
			}
			b.add(CCSClarifications, id, judge.AudienceAll, to, o)
		case m.ReplyToID != 0:
			// An answer to all of a private question: only the jury
			// reads the question, so only the jury's copy refers to it
			// (the API keeps references intact for each reader).
			b.add(CCSClarifications, id, judge.AudienceOthers, 0, o)
			jury := map[string]any{}
			for k, v := range o {
				jury[k] = v
			}
			jury["reply_to_id"] = ccsID(m.ReplyToID)
			b.add(CCSClarifications, id, judge.AudienceJury, 0, jury)
		default:
			b.add(CCSClarifications, id, judge.AudienceAll, 0, o)
		}
	}
}

// ccsAwards are the awards a board gives: the winners (the rows ranked
// first, when they have scored) and each problem's first to solve it.
func (b *ccsBuilder) ccsAwards(board judge.Scoreboard) []map[string]any {
	winners := []string{}
	for _, r := range board.Rows {
		if r.Rank == 1 && (r.Solved > 0 || r.Score > 0) && r.Key != 0 && !r.Hidden {
			winners = append(winners, CCSTeamID(r.Key))
		}
	}
	out := []map[string]any{{"id": "winner", "citation": "Contest winner", "team_ids": winners}}
	for i, p := range b.c.Problems {
		first := []string{}
		for _, r := range board.Rows {
			if i < len(r.Problems) && r.Problems[i].First && r.Key != 0 && !r.Hidden {
				first = append(first, CCSTeamID(r.Key))
			}
		}
		out = append(out, map[string]any{"id": "first-to-solve-" + CCSProblemID(p),
			"citation": "First to solve problem " + p.Label, "team_ids": first})
	}
	return out
}

// awards adds each award once for everyone, or, while the others' board is
// frozen, once for the jury and once for the others. The split follows the
// freeze (a public fact), never whether the two boards differ: an object
// that moved to its own audience when a hidden try was accepted would give
// the others a new event at that very moment, which told a spectator which
// frozen try was right (issue 32).
func (b *ccsBuilder) awards() {
	live, frozen := b.ccsAwards(b.in.Live), b.ccsAwards(b.in.Frozen)
	for i := range live {
		id := live[i]["id"].(string)
		if !b.in.Frozen.Frozen {
			b.add(CCSAwards, id, judge.AudienceAll, 0, live[i])
			continue
		}
		b.add(CCSAwards, id, judge.AudienceJury, 0, live[i])
		b.add(CCSAwards, id, judge.AudienceOthers, 0, frozen[i])
	}
}
