package contestpkg

import (
	"cmp"
	"fmt"
	"math"
	"path"
	"slices"
	"strings"

	"puzzlejudge/judge"
	"puzzlejudge/problems/kattis"
)

// Read reads a contest package from the bytes of its zip: the contest,
// its problems (each with its problem package when the package has one),
// its teams (named by their accounts), their judged submissions and the
// clarifications. What is wrong is an *Error naming the file. Whether the
// problems and accounts exist on this server is the service's to check.
func Read(data []byte) (judge.ContestImport, error) {
	a, err := openArchive(data)
	if err != nil {
		return judge.ContestImport{}, err
	}
	r := reader{a: a, imp: judge.ContestImport{Skipped: map[string]int{}}, usernames: map[ID]string{}, accountUser: map[ID]string{}, labels: map[ID]string{}, maxScore: map[ID]float64{}}
	for _, step := range []func() error{r.contest, r.problems, r.teams, r.submissions, r.clarifications} {
		if err := step(); err != nil {
			return judge.ContestImport{}, err
		}
	}
	r.unread()
	return r.imp, nil
}

// ignored are the files of the format an import does not read, with why.
var ignored = []struct{ base, why string }{
	{"persons", "not imported: a team's members are its accounts (accounts.json, type team); persons (names, roles, coaches) are not kept"},
	{"runs", "not imported: a submission keeps its current judgement's verdict, not its test cases' results"},
	{"awards", "not imported: the awards are computed from the board"},
	{"scoreboard", "not imported: the board is computed from the submissions"},
	{"commentary", "not imported: this server keeps no commentary"},
}

// unread adds a warning for each file of the package the import did not
// read: the format's files it leaves out, the others by name (a team's
// logo, teams.yaml, which only a JSON file is read for, contest.yaml
// beside contest.json). api.json and state.json say nothing an import
// needs (the thaw time is contest.json's), and the files of a submission
// not imported are counted in Skipped.
func (r *reader) unread() {
	known := map[string]bool{"api.json": true, "state.json": true}
	for _, f := range ignored {
		for _, name := range []string{f.base + ".json", f.base + ".yaml", f.base + ".yml"} {
			if r.a.has(name) && !r.a.unpacked[name] {
				r.imp.Warnings = append(r.imp.Warnings, name+": "+f.why)
			}
			known[name] = true
		}
	}
	if r.a.has("event-feed.ndjson") {
		r.imp.Warnings = append(r.imp.Warnings, "event-feed.ndjson: not imported: the event feed starts again from the imported contest")
		known["event-feed.ndjson"] = true
	}
	var other []string
	for name := range r.a.files {
		if !known[name] && !r.a.unpacked[name] && !strings.HasPrefix(name, "submissions/") {
			other = append(other, name)
		}
	}
	slices.Sort(other)
	const shown = 10
	for i, name := range other {
		if i == shown {
			r.imp.Warnings = append(r.imp.Warnings, fmt.Sprintf("and %d other files not read", len(other)-shown))
			break
		}
		r.imp.Warnings = append(r.imp.Warnings, name+": not read")
	}
}

type reader struct {
	a         *archive
	imp       judge.ContestImport
	usernames map[ID]string // team id -> the username of its first member
	// accountUser maps an account id to its username.
	accountUser map[ID]string
	labels      map[ID]string // problem id -> label
	maxScore    map[ID]float64
}

func (r *reader) contest() error {
	var c contestObject
	file, err := r.a.decodeFile("contest", true, &c)
	if err != nil {
		return err
	}
	if file == "" {
		return refuse("contest.json", "missing: a contest package has contest.json (or contest.yaml) at its root")
	}
	spec := &r.imp.Spec
	spec.Title = c.Name
	if spec.Title == "" && c.FormalName != nil {
		spec.Title = *c.FormalName
	}
	if c.StartTime == nil {
		return refuse(file, "start_time: the contest needs a start time to be set up here")
	}
	if spec.StartTime, err = parseTime(*c.StartTime); err != nil {
		return refuse(file, "start_time: %v", err)
	}
	if spec.Duration, err = parseRelTime(c.Duration); err != nil {
		return refuse(file, "duration: %v", err)
	}
	if c.ScoreboardFreezeDuration != nil {
		if spec.Freeze, err = parseRelTime(*c.ScoreboardFreezeDuration); err != nil {
			return refuse(file, "scoreboard_freeze_duration: %v", err)
		}
	}
	if c.ScoreboardThawTime != nil {
		t, err := parseTime(*c.ScoreboardThawTime)
		if err != nil {
			return refuse(file, "scoreboard_thaw_time: %v", err)
		}
		r.imp.UnfrozenAt = &t
	}
	switch c.ScoreboardType {
	case "pass-fail", "":
		spec.Scoring = judge.ScoringICPC
		if c.PenaltyTime != nil {
			m, err := penaltyMinutes(c.PenaltyTime)
			if err != nil {
				return refuse(file, "penalty_time: %v", err)
			}
			if m != judge.PenaltyMinutes {
				return refuse(file, "penalty_time: %g minutes; this judge counts %d a rejected try, as the ICPC does", m, judge.PenaltyMinutes)
			}
		}
	case "score":
		spec.Scoring = judge.ScoringIOI
	default:
		return refuse(file, "scoreboard_type: %q is neither \"pass-fail\" nor \"score\"", c.ScoreboardType)
	}
	return nil
}

func (r *reader) problems() error {
	var ps []problemObject
	file, err := r.a.decodeFile("problems", true, &ps)
	if err != nil {
		return err
	}
	if file == "" {
		return refuse("problems.json", "missing: a contest package lists its problems in problems.json (or problems.yaml)")
	}
	// The ordinal orders them; a package without ordinals keeps its order.
	slices.SortStableFunc(ps, func(a, b problemObject) int {
		return cmp.Compare(ordinal(a), ordinal(b))
	})
	seen := map[ID]bool{}
	for i, p := range ps {
		if p.ID == "" {
			return refuse(file, "problems[%d]: a problem needs an id", i)
		}
		if seen[p.ID] {
			return refuse(file, "problem %q is listed twice", p.ID)
		}
		seen[p.ID] = true
		label := p.Label
		if label == "" {
			label = string(rune('A' + i%26))
		}
		r.labels[p.ID] = label
		if p.MaxScore != nil && *p.MaxScore > 0 {
			r.maxScore[p.ID] = *p.MaxScore
		}
		ip := judge.ImportedProblem{Label: label, Slug: string(p.ID), File: file}
		if pkgFile := r.problemPackage(p); pkgFile != "" {
			ip.File = pkgFile
			data, err := r.a.read(pkgFile, MaxProblemPackage)
			if err != nil {
				return err
			}
			pkg, err := kattis.Read(data)
			if err != nil {
				// Not an error yet: a problem this server has already
				// needs no package (a package of another CCS holds
				// problems without a puzzlejudge section).
				ip.PackageError = pkgFile + ": " + err.Error()
			} else {
				ip.New = &judge.ImportedPackage{Problem: pkg.Problem, Cases: pkg.Cases, Programs: pkg.Programs}
			}
		}
		r.imp.Problems = append(r.imp.Problems, ip)
	}
	return nil
}

func ordinal(p problemObject) float64 {
	if p.Ordinal == nil {
		return math.Inf(1)
	}
	return *p.Ordinal
}

// problemPackage returns where the problem's package is: its file
// reference, else the default names problems/<id>/package.zip and
// problems/<id>/<id>.zip (the spec's example); "" when there is none.
func (r *reader) problemPackage(p problemObject) string {
	dir := "problems/" + string(p.ID) + "/"
	for _, ref := range p.Package {
		if ref.Filename != "" && path.Base(ref.Filename) == ref.Filename && r.a.has(dir+ref.Filename) {
			return dir + ref.Filename
		}
	}
	for _, name := range []string{dir + "package.zip", dir + string(p.ID) + ".zip"} {
		if r.a.has(name) {
			return name
		}
	}
	return ""
}

// teams reads the organizations, the groups and the teams, each team's
// members being its accounts (accounts.json, type team), else one account
// named after the team (its name when that is a username, else
// "team-<id>").
func (r *reader) teams() error {
	orgs, err := r.organizations()
	if err != nil {
		return err
	}
	groups, err := r.groups()
	if err != nil {
		return err
	}
	var teams []teamObject
	file, err := r.a.decodeFile("teams", false, &teams)
	if err != nil {
		return err
	}
	members, accounts, err := r.accounts()
	if err != nil {
		return err
	}
	spec := &r.imp.Spec
	spec.Teams = []judge.TeamSpec{}
	r.hideGroups(teams, groups)
	hiddenGroup := ""
	for _, t := range teams {
		if t.ID == "" {
			return refuse(file, "a team needs an id")
		}
		if _, dup := r.usernames[t.ID]; dup {
			return refuse(file, "team %q is listed twice", t.ID)
		}
		ts := judge.TeamSpec{Name: t.Name}
		if ts.Name == "" && t.DisplayName != nil {
			ts.Name = *t.DisplayName
		}
		if t.OrganizationID != nil {
			if ts.Organization = orgs[*t.OrganizationID]; ts.Organization == "" {
				return refuse(file, "team %q: organization %q is not in organizations.json", t.ID, *t.OrganizationID)
			}
		}
		hidden := false
		for _, g := range t.GroupIDs {
			name, ok := groups[g]
			if !ok {
				return refuse(file, "team %q: group %q is not in groups.json", t.ID, g)
			}
			ts.Groups = append(ts.Groups, name)
			hidden = hidden || r.hiddenGroup(name)
		}
		if t.Hidden && !hidden {
			// A team off the public board in no group that is: a group
			// says so here.
			if hiddenGroup == "" {
				hiddenGroup = "hidden"
				spec.Groups = append(spec.Groups, judge.GroupSpec{Name: hiddenGroup, Hidden: true})
			}
			ts.Groups = append(ts.Groups, hiddenGroup)
		}
		ts.Members = members[t.ID]
		if len(ts.Members) == 0 {
			u := teamUsername(t)
			ts.Members = []string{u}
			r.imp.Accounts = append(r.imp.Accounts, judge.ImportedAccount{Username: u, File: file})
		}
		r.usernames[t.ID] = ts.Members[0]
		spec.Teams = append(spec.Teams, ts)
	}
	for _, acc := range accounts {
		if _, ok := r.usernames[acc.team]; !ok {
			return refuse(acc.File, "account %q: team %q is not in teams.json", acc.Username, acc.team)
		}
		r.imp.Accounts = append(r.imp.Accounts, acc.ImportedAccount)
	}
	return nil
}

// hideGroups makes hidden the groups every team of which is hidden (this
// judge writes its observers so: the teams hidden, the groups as the spec
// has them, without the property).
func (r *reader) hideGroups(teams []teamObject, groups map[ID]string) {
	all := map[string]bool{}
	for _, t := range teams {
		for _, g := range t.GroupIDs {
			name, ok := groups[g]
			if !ok {
				continue
			}
			if prev, seen := all[name]; seen {
				all[name] = prev && t.Hidden
			} else {
				all[name] = t.Hidden
			}
		}
	}
	for i, g := range r.imp.Spec.Groups {
		if all[g.Name] {
			r.imp.Spec.Groups[i].Hidden = true
		}
	}
}

// teamAccount is a team account of accounts.json.
type teamAccount struct {
	judge.ImportedAccount
	team ID
}

// accounts reads the team accounts: the members' usernames by team, and
// the accounts. The others (judge, admin, ...) are skipped: this server's
// jury are its own instructors, never made from an upload.
func (r *reader) accounts() (map[ID][]string, []teamAccount, error) {
	var accounts []accountObject
	file, err := r.a.decodeFile("accounts", true, &accounts)
	if err != nil {
		return nil, nil, err
	}
	members := map[ID][]string{}
	var out []teamAccount
	for _, acc := range accounts {
		switch {
		case acc.Type != "team":
			r.imp.Skipped["accounts that are not teams'"]++
			continue
		case acc.TeamID == nil || acc.Username == "":
			return nil, nil, refuse(file, "account %q: a team account needs a username and a team_id", acc.ID)
		}
		ia := judge.ImportedAccount{Username: acc.Username, File: file}
		if acc.Password != nil {
			ia.Password = *acc.Password
		}
		members[*acc.TeamID] = append(members[*acc.TeamID], acc.Username)
		r.accountUser[acc.ID] = acc.Username
		out = append(out, teamAccount{ia, *acc.TeamID})
	}
	return members, out, nil
}

// organizations reads organizations.json: the names by id.
func (r *reader) organizations() (map[ID]string, error) {
	return namesByID(r, "organizations", "an organization", func(o organizationObject) (ID, string) { return o.ID, o.Name },
		func(o organizationObject) {
			spec := judge.OrganizationSpec{Name: o.Name}
			if o.FormalName != nil && *o.FormalName != o.Name {
				spec.FormalName = *o.FormalName
			}
			if o.Country != nil {
				spec.Country = *o.Country
			}
			r.imp.Spec.Organizations = append(r.imp.Spec.Organizations, spec)
		})
}

// groups reads groups.json: the names by id.
func (r *reader) groups() (map[ID]string, error) {
	return namesByID(r, "groups", "a group", func(g groupObject) (ID, string) { return g.ID, g.Name },
		func(g groupObject) {
			r.imp.Spec.Groups = append(r.imp.Spec.Groups, judge.GroupSpec{Name: g.Name, Hidden: g.Hidden})
		})
}

// namesByID reads the file base (organizations, groups): objects that the
// teams name by id and that the contest keeps by name. Each needs an id
// and a name (what, "an organization", says whose a refusal is); add
// takes each in, and the names are returned by id, for the teams.
func namesByID[T any](r *reader, base, what string, idName func(T) (ID, string), add func(T)) (map[ID]string, error) {
	var objs []T
	file, err := r.a.decodeFile(base, false, &objs)
	if err != nil {
		return nil, err
	}
	names := map[ID]string{}
	for _, o := range objs {
		id, name := idName(o)
		if id == "" || name == "" {
			_, noun, _ := strings.Cut(what, " ")
			return nil, refuse(file, "%s %q: %s needs an id and a name", noun, id, what)
		}
		names[id] = name
		add(o)
	}
	return names, nil
}

// hiddenGroup reports whether the group named name is hidden.
func (r *reader) hiddenGroup(name string) bool {
	for _, g := range r.imp.Spec.Groups {
		if g.Name == name {
			return g.Hidden
		}
	}
	return false
}

// teamUsername is the username of a team without an account: its name
// when that is one, else "team-" and its id.
func teamUsername(t teamObject) string {
	if usernameLike(t.Name) {
		return t.Name
	}
	return "team-" + strings.Map(func(r rune) rune {
		if usernameRune(r) {
			return r
		}
		return '_'
	}, string(t.ID))
}

func usernameLike(s string) bool {
	return len(s) >= judge.MinUsername && len(s) <= judge.MaxUsername && strings.IndexFunc(s, func(r rune) bool { return !usernameRune(r) }) < 0
}

func usernameRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.'
}

// submissions reads the submissions with their current judgements; one
// without a finished judgement is skipped (counted in Skipped).
func (r *reader) submissions() error {
	var subs []submissionObject
	file, err := r.a.decodeFile("submissions", false, &subs)
	if err != nil || file == "" {
		return err
	}
	var js []judgementObject
	jFile, err := r.a.decodeFile("judgements", false, &js)
	if err != nil {
		return err
	}
	current := map[ID]judgementObject{}
	replaced := 0
	for _, j := range js {
		switch {
		case j.Current != nil && !*j.Current:
			replaced++
		case j.JudgementTypeID != nil || j.SimplifiedJudgementTypeID != nil:
			current[j.SubmissionID] = j
		}
	}
	if replaced > 0 {
		r.imp.Warnings = append(r.imp.Warnings, fmt.Sprintf("%s: %d judgements a rejudge replaced (current: false) not imported: a submission keeps its current one", jFile, replaced))
	}
	for _, s := range subs {
		where := file + ": submission " + string(s.ID)
		if s.TeamID == nil {
			r.imp.Skipped["submissions without a team"]++
			continue
		}
		user, ok := r.usernames[*s.TeamID]
		if !ok {
			return refuse(file, "submission %q: team %q is not in teams.json", s.ID, *s.TeamID)
		}
		if s.AccountID != nil && r.accountUser[*s.AccountID] != "" {
			user = r.accountUser[*s.AccountID]
		}
		label, ok := r.labels[s.ProblemID]
		if !ok {
			return refuse(file, "submission %q: problem %q is not in problems.json", s.ID, s.ProblemID)
		}
		at, err := parseTime(s.Time)
		if err != nil {
			return refuse(file, "submission %q: time: %v", s.ID, err)
		}
		j, judged := current[s.ID]
		if !judged {
			r.imp.Skipped["submissions not judged"]++
			continue
		}
		is := judge.ImportedSubmission{Username: user, Label: label, At: at, File: where}
		switch s.LanguageID {
		case ID(judge.KindAnswer), ID(judge.KindMoves):
			is.Kind = judge.Kind(s.LanguageID)
		default:
			is.Kind, is.Language = judge.KindProgram, string(s.LanguageID)
		}
		if is.Payload, err = r.submissionFiles(s); err != nil {
			return err
		}
		if err := r.judgement(&is, j, s.ProblemID, jFile); err != nil {
			return err
		}
		r.imp.Submissions = append(r.imp.Submissions, is)
	}
	slices.SortStableFunc(r.imp.Submissions, func(a, b judge.ImportedSubmission) int { return a.At.Compare(b.At) })
	return nil
}

// submissionFiles returns the text of a submission's files, "" when the
// package holds none (a shallow package: the board needs only verdicts).
func (r *reader) submissionFiles(s submissionObject) (string, error) {
	dir := "submissions/" + string(s.ID) + "/"
	name := dir + "files.zip"
	for _, ref := range s.Files {
		if ref.Filename != "" && path.Base(ref.Filename) == ref.Filename && r.a.has(dir+ref.Filename) {
			name = dir + ref.Filename
		}
	}
	if !r.a.has(name) {
		return "", nil
	}
	data, err := r.a.read(name, MaxSubmissionFiles)
	if err != nil {
		return "", err
	}
	return submissionText(name, data)
}

// judgement sets the verdict, score and times of a submission from its
// current judgement. A score contest's score is scaled from the problem's
// max_score to this judge's 0-100.
func (r *reader) judgement(is *judge.ImportedSubmission, j judgementObject, problem ID, file string) error {
	typ := j.JudgementTypeID
	if typ == nil {
		typ = j.SimplifiedJudgementTypeID
	}
	is.Verdict = verdictOf(string(*typ))
	is.JudgedAt = is.At
	for _, t := range []*string{j.EndTime, &j.StartTime} {
		if t != nil && *t != "" {
			at, err := parseTime(*t)
			if err != nil {
				return refuse(file, "judgement %q: %v", j.ID, err)
			}
			is.JudgedAt = at
			break
		}
	}
	if is.JudgedAt.Before(is.At) {
		is.JudgedAt = is.At
	}
	switch {
	case j.Score != nil:
		top := 100.0
		if m, ok := r.maxScore[problem]; ok {
			top = m
		}
		is.Score = min(100, max(0, *j.Score*100/top))
	case is.Verdict == judge.Accepted:
		is.Score = 100
	}
	if j.MaxRunTime != nil && *j.MaxRunTime > 0 {
		is.CPUMs = int64(*j.MaxRunTime*1000 + 0.5)
	}
	return nil
}

// verdictOf maps a judgement type of the API to this judge's verdict: the
// known types to theirs, every other rejection to wrong_answer (as
// JudgementTypeOf maps the puzzles' finer verdicts to WA).
func verdictOf(typ string) judge.Verdict {
	switch typ {
	case "AC":
		return judge.Accepted
	case "TLE":
		return judge.TimeLimit
	case "RTE":
		return judge.RuntimeError
	case "MLE":
		return judge.MemoryLimit
	case "OLE":
		return judge.OutputLimit
	case "CE":
		return judge.CompileError
	case "JE":
		return judge.JudgeError
	}
	return judge.WrongAnswer
}

func (r *reader) clarifications() error {
	var cs []clarificationObject
	file, err := r.a.decodeFile("clarifications", false, &cs)
	if err != nil || file == "" {
		return err
	}
	index := map[ID]int{}
	// In the order written: by time, whatever offset each is written in.
	slices.SortStableFunc(cs, func(a, b clarificationObject) int {
		ta, _ := parseTime(a.Time)
		tb, _ := parseTime(b.Time)
		return ta.Compare(tb)
	})
	for _, c := range cs {
		at, err := parseTime(c.Time)
		if err != nil {
			return refuse(file, "clarification %q: time: %v", c.ID, err)
		}
		m := judge.ImportedClarification{Text: c.Text, At: at, ReplyTo: -1}
		team := func(id *ID) (string, error) {
			if id == nil {
				return "", nil
			}
			u, ok := r.usernames[*id]
			if !ok {
				return "", refuse(file, "clarification %q: team %q is not in teams.json", c.ID, *id)
			}
			return u, nil
		}
		if m.From, err = team(c.FromTeamID); err != nil {
			return err
		}
		if c.ProblemID != nil {
			if m.Label = r.labels[*c.ProblemID]; m.Label == "" {
				return refuse(file, "clarification %q: problem %q is not in problems.json", c.ID, *c.ProblemID)
			}
		}
		if c.ReplyToID != nil {
			if i, ok := index[*c.ReplyToID]; ok {
				m.ReplyTo = i
			}
		}
		// A message to several teams is one to each here (a message goes
		// to one team or to all): never to all.
		to := c.ToTeamIDs
		if c.ToTeamID != nil {
			to = []ID{*c.ToTeamID}
		}
		index[c.ID] = len(r.imp.Clarifications)
		if len(to) == 0 {
			r.imp.Clarifications = append(r.imp.Clarifications, m)
			continue
		}
		seen := map[string]bool{}
		for _, id := range to {
			one := m
			if one.To, err = team(&id); err != nil {
				return err
			}
			if !seen[one.To] {
				seen[one.To] = true
				r.imp.Clarifications = append(r.imp.Clarifications, one)
			}
		}
	}
	return nil
}
