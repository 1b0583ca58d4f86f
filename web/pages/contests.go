package pages

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"fmt"
	"hash/crc32"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// contestView is a contest with where it stands now, in words.
type contestView struct {
	judge.Contest
	Status string // "scheduled", "running", "over"
	// Clock says the time to the start or the end, or "over"; Ends the
	// RFC 3339 time it counts to, for the page's live clock.
	Clock, CountsTo string
	Frozen          bool
	FreezeAt        *time.Time
	// Start and Freezes are the start and the freeze time in the
	// reader's zone ("" when the board never freezes), for the board's
	// table, which is drawn without the page around it.
	Start, Freezes string
	// ScoringText names the scoring in the reader's language.
	ScoringText string
}

// Org returns the contest's organization named name (its zero value
// when there is none), for the templates.
func (v contestView) Org(name string) judge.Organization {
	o, _ := v.OrganizationNamed(name)
	return o
}

func newContestView(l *locale, c judge.Contest, now time.Time) contestView {
	v := contestView{Contest: c, Frozen: c.Frozen(now), Start: l.When(c.StartTime), ScoringText: l.text("scoring_" + string(c.Scoring))}
	if at, ok := c.FreezeTime(); ok {
		v.FreezeAt, v.Freezes = &at, l.When(at)
	}
	switch {
	case !c.Started(now):
		v.Status, v.Clock, v.CountsTo = "scheduled", l.text("contest_starts_in", "Left", timeLeft(l, c.StartTime.Sub(now))), c.StartTime.Format(time.RFC3339)
	case c.Running(now):
		v.Status, v.Clock, v.CountsTo = "running", l.text("contest_left", "Left", timeLeft(l, c.EndTime().Sub(now))), c.EndTime().Format(time.RFC3339)
	default:
		v.Status, v.Clock = "over", l.text("contest_over")
	}
	return v
}

// contestForm is the create or edit form as the instructor filled it.
type contestForm struct {
	// ID is the contest's, 0 for a new one.
	ID                                                                        int64
	Title, StartTime, Duration, Freeze, Scoring, Problems, Participants, Code string
	// Teams are the teams of several members (or named otherwise than
	// their member), one a line as the teams' CSV writes them, and
	// HiddenGroups the groups kept off the public board, by name.
	Teams, HiddenGroups string
	Public              bool
	Error               string
}

// contestFormOf is the form of contest c (nil: a new one, starting at the
// next full hour), its start on a clock in zone, the reader's.
func contestFormOf(c *judge.Contest, now time.Time, zone *time.Location) contestForm {
	if c == nil {
		t := now.In(zone)
		next := time.Date(t.Year(), t.Month(), t.Day(), t.Hour()+1, 0, 0, 0, zone)
		return contestForm{StartTime: formatLocal(next, zone), Duration: "5h", Scoring: "icpc"}
	}
	f := contestForm{ID: c.ID, Title: c.Title, StartTime: formatLocal(c.StartTime, zone), Duration: judge.FormatContestDuration(c.Duration),
		Scoring: string(c.Scoring), Code: c.RegistrationCode, Public: c.Public}
	if !c.Everyone {
		// A team of one named after its member is a participant; the
		// others are teams. (An open contest's teams of one are made by
		// its contestants' first tries and stay when it is edited.)
		var solo []string
		var teams strings.Builder
		for _, t := range c.Teams {
			if len(t.Members) == 1 && t.Name == t.Members[0] && t.Organization == "" && len(t.Groups) == 0 {
				solo = append(solo, t.Name)
				continue
			}
			teams.WriteString(teamLine(t))
		}
		f.Participants, f.Teams = strings.Join(solo, "\n"), teams.String()
	}
	var hidden []string
	for _, g := range c.Groups {
		if g.Hidden {
			hidden = append(hidden, g.Name)
		}
	}
	f.HiddenGroups = strings.Join(hidden, ", ")
	if c.Freeze > 0 {
		f.Freeze = judge.FormatContestDuration(c.Freeze)
	}
	var ps []string
	for _, cp := range c.Problems {
		ps = append(ps, cp.Label+" "+cp.Slug)
	}
	f.Problems = strings.Join(ps, "\n")
	return f
}

// readContestForm reads the posted form: the start on a clock in zone, the
// reader's (parseLocal: a repeated hour is the first, a skipped one moves
// forward), or an RFC 3339 time; problems one a line, "slug" or "label
// slug"; participants one a line or separated by commas (none: everyone).
func readContestForm(c *gin.Context, zone *time.Location) (contestForm, judge.ContestSpec, error) {
	f := contestForm{Title: c.PostForm("title"), StartTime: c.PostForm("start_time"), Duration: c.PostForm("duration"),
		Freeze: c.PostForm("freeze"), Scoring: c.PostForm("scoring"), Problems: c.PostForm("problems"),
		Participants: c.PostForm("participants"), Code: c.PostForm("registration_code"), Public: c.PostForm("public") != "",
		Teams: c.PostForm("teams"), HiddenGroups: c.PostForm("hidden_groups")}
	spec := judge.ContestSpec{Title: f.Title, Scoring: judge.Scoring(f.Scoring), RegistrationCode: strings.TrimSpace(f.Code), Public: f.Public}
	var err error
	spec.StartTime, err = readFormTime("start", f.StartTime, zone, func() error {
		return judge.Errort(judge.EINVALID, "form_start", "start: expected a date and time like 2026-03-02T09:00, found {Text}", "Text", strconv.Quote(f.StartTime))
	})
	if err != nil {
		return f, spec, err
	}
	if spec.Duration, err = judge.ParseContestDuration(strings.TrimSpace(f.Duration)); err != nil {
		return f, spec, judge.Errort(judge.EINVALID, "form_duration", "duration: {Err}", "Err", err)
	}
	if s := strings.TrimSpace(f.Freeze); s != "" {
		if spec.Freeze, err = judge.ParseContestDuration(s); err != nil {
			return f, spec, judge.Errort(judge.EINVALID, "form_freeze", "freeze: {Err}", "Err", err)
		}
	}
	for i, line := range strings.Split(f.Problems, "\n") {
		fields := strings.Fields(line)
		switch len(fields) {
		case 0:
		case 1:
			spec.Problems = append(spec.Problems, judge.ContestProblemSpec{Slug: fields[0]})
		case 2:
			spec.Problems = append(spec.Problems, judge.ContestProblemSpec{Label: fields[0], Slug: fields[1]})
		default:
			return f, spec, judge.Errort(judge.EINVALID, "form_contest_problems", "problems, line {Line}: write \"slug\" or \"label slug\", found {Text}", "Line", i+1, "Text", strconv.Quote(line))
		}
	}
	for _, u := range strings.FieldsFunc(f.Participants, func(r rune) bool { return r == ',' || r == '\n' || r == '\r' || r == ' ' }) {
		spec.Participants = append(spec.Participants, u)
	}
	if strings.TrimSpace(f.Teams) != "" {
		text := f.Teams
		if first, _, _ := strings.Cut(strings.TrimSpace(text), ","); strings.ToLower(strings.TrimSpace(first)) != "name" {
			text = "name,members,organization,groups\n" + text
		}
		if spec.Teams, err = judge.ParseTeamsCSV(strings.NewReader(text)); err != nil {
			return f, spec, err
		}
	}
	for _, g := range strings.Split(f.HiddenGroups, ",") {
		if g = strings.TrimSpace(g); g != "" {
			spec.Groups = append(spec.Groups, judge.GroupSpec{Name: g, Hidden: true})
		}
	}
	return f, spec, nil
}

// teamLine is a team as a line of the teams' CSV: name, members separated
// by spaces, organization, groups separated by semicolons.
func teamLine(t judge.ContestTeam) string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.Write([]string{t.Name, strings.Join(t.Members, " "), t.Organization, strings.Join(t.Groups, ";")})
	w.Flush()
	return b.String()
}

// contestsView is the data of the contest list.
type contestsView struct {
	Contests []contestView
	Form     *contestForm // the jury: the create form
}

func (p *Pages) contestList(c *gin.Context) { p.showContests(c, http.StatusOK, nil) }

func (p *Pages) showContests(c *gin.Context, status int, form *contestForm) {
	v := httpx.Viewer(c)
	list, err := p.Service.Contests(c.Request.Context(), v)
	if err != nil {
		p.fail(c, err)
		return
	}
	now := p.Service.Now()
	data := contestsView{}
	for i := len(list) - 1; i >= 0; i-- { // the latest first
		data.Contests = append(data.Contests, newContestView(p.localeOf(c), list[i], now))
	}
	if judge.CanManageContests(v) {
		if form == nil {
			f := contestFormOf(nil, now, p.localeOf(c).Zone)
			form = &f
		}
		data.Form = form
	}
	p.render(c, status, "contests", p.tr(c, "contests_title"), data)
}

func (p *Pages) createContest(c *gin.Context) {
	u, ok := p.needTo(judge.CanManageContests)(c)
	if !ok {
		return
	}
	form, spec, err := readContestForm(c, p.localeOf(c).Zone)
	var ct judge.Contest
	if err == nil {
		ct, err = p.Service.CreateContest(c.Request.Context(), u, spec)
	}
	p.finishForm(c, err, &form.Error, func(st int) { p.showContests(c, st, &form) }, fmt.Sprintf("/contests/%d", ct.ID), p.tr(c, "flash_contest_created"))
}

// contestPageView is one contest: its problems, its clock, and for the
// jury its edit form.
type contestPageView struct {
	C          contestView
	Contestant bool
	CanJoin    bool
	Form       *contestForm
}

func (p *Pages) contestPage(c *gin.Context) { p.showContest(c, http.StatusOK, nil) }

func (p *Pages) showContest(c *gin.Context, status int, form *contestForm) {
	v, ct, id, ok := needRead(p, c, p.anyone, "contest", p.Service.Contest)
	if !ok {
		return
	}
	now := p.Service.Now()
	data := contestPageView{C: newContestView(p.localeOf(c), ct, now)}
	var err error
	if data.Contestant, data.CanJoin, err = p.Service.Participation(c.Request.Context(), v, id); err != nil {
		p.fail(c, err)
		return
	}
	if judge.CanManageContests(v) {
		if form == nil {
			f := contestFormOf(&ct, now, p.localeOf(c).Zone)
			form = &f
		}
		data.Form = form
	}
	p.render(c, status, "contest", ct.Title, data)
}

func (p *Pages) editContest(c *gin.Context) {
	u, id, ok := p.needID(c, p.needTo(judge.CanManageContests), "contest")
	if !ok {
		return
	}
	form, spec, err := readContestForm(c, p.localeOf(c).Zone)
	form.ID = id
	if err == nil {
		patch := judge.ContestPatch{Title: &spec.Title, Problems: spec.Problems, StartTime: &spec.StartTime, Duration: &spec.Duration,
			Freeze: &spec.Freeze, Scoring: &spec.Scoring, RegistrationCode: &spec.RegistrationCode, Public: &spec.Public,
			Everyone: spec.Participants == nil && spec.Teams == nil, Groups: spec.Groups}
		if !patch.Everyone {
			patch.Participants, patch.Teams = append([]string{}, spec.Participants...), append([]judge.TeamSpec{}, spec.Teams...)
		}
		if patch.Problems == nil {
			patch.Problems = []judge.ContestProblemSpec{}
		}
		// A group left out of the hidden ones is shown again.
		var old judge.Contest
		if old, err = p.Service.Contest(c.Request.Context(), u, id); err == nil {
			for _, g := range old.Groups {
				if g.Hidden && !slices.ContainsFunc(spec.Groups, func(h judge.GroupSpec) bool { return h.Name == g.Name }) {
					patch.Groups = append(patch.Groups, judge.GroupSpec{Name: g.Name})
				}
			}
			_, err = p.Service.UpdateContest(c.Request.Context(), u, id, patch)
		}
	}
	p.finishForm(c, err, &form.Error, func(st int) { p.showContest(c, st, &form) }, fmt.Sprintf("/contests/%d", id), p.tr(c, "flash_contest_saved"))
}

// importTeams reads teams from an uploaded CSV file (name, members,
// organization, groups) into the contest.
func (p *Pages) importTeams(c *gin.Context) {
	u, id, ok := p.needID(c, p.needTo(judge.CanManageContests), "contest")
	if !ok {
		return
	}
	back := fmt.Sprintf("/contests/%d#teams", id)
	fh, err := c.FormFile("file")
	if err != nil {
		p.redirect(c, back, p.tr(c, "contest_teams_no_file"))
		return
	}
	f, err := fh.Open()
	if err != nil {
		p.fail(c, err)
		return
	}
	defer f.Close()
	if _, err := p.Service.ImportContestTeams(c.Request.Context(), u, id, f); err != nil {
		if _, ok := p.formError(c, err); ok {
			p.redirect(c, back, p.errorText(c, err))
		}
		return
	}
	p.redirect(c, back, p.tr(c, "flash_teams_imported"))
}

// unfreezeContest reveals the final board, or freezes it again
// (refreeze=1).
func (p *Pages) unfreezeContest(c *gin.Context) {
	u, id, ok := p.needID(c, p.needTo(judge.CanManageContests), "contest")
	if !ok {
		return
	}
	patch, msg := judge.ContestPatch{Unfreeze: true}, p.tr(c, "flash_board_unfrozen")
	if c.PostForm("refreeze") != "" {
		patch, msg = judge.ContestPatch{Refreeze: true}, p.tr(c, "flash_board_refrozen")
	}
	_, err := p.Service.UpdateContest(c.Request.Context(), u, id, patch)
	p.finishAction(c, err, fmt.Sprintf("/contests/%d/scoreboard", id), msg)
}

func (p *Pages) joinContest(c *gin.Context) {
	u, id, ok := p.needID(c, p.needUser, "contest")
	if !ok {
		return
	}
	if err := p.Service.JoinContest(c.Request.Context(), u, id, strings.TrimSpace(c.PostForm("code"))); err != nil {
		if _, ok := p.formError(c, err); ok {
			p.redirect(c, fmt.Sprintf("/contests/%d", id), p.errorText(c, err))
		}
		return
	}
	p.redirect(c, fmt.Sprintf("/contests/%d", id), p.tr(c, "flash_contest_joined"))
}

// maxDrawnBoards bounds Pages.boards: a few views of a few contests.
const maxDrawnBoards = 16

// drawnBoard is a board's table drawn once, plain and gzipped: compressing
// the table of 500 rows took 27 ms a reader, which 500 open pages cannot
// pay on every change (docs/PERFORMANCE.md, "Contest boards").
type drawnBoard struct{ plain, gzipped []byte }

func drawBoard(l *locale, data scoreboardView) (drawnBoard, error) {
	var buf bytes.Buffer
	// The table is drawn once for every reader of one language and zone
	// (the cache's key says both).
	if err := pageTemplates[l.Lang]["scoreboard"].ExecuteTemplate(&buf, "scoreboardTable", data); err != nil {
		return drawnBoard{}, err
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	if _, err := zw.Write(buf.Bytes()); err != nil {
		return drawnBoard{}, err
	}
	if err := zw.Close(); err != nil {
		return drawnBoard{}, err
	}
	return drawnBoard{plain: buf.Bytes(), gzipped: gz.Bytes()}, nil
}

// scoreboardView is the board page, or its table alone (?fragment=1, what
// the page's script fetches to update itself).
type scoreboardView struct {
	C     contestView
	Board judge.Scoreboard
	Jury  bool
	ETag  string
	// Group is the group the board is filtered by ("" all), Groups those
	// the reader may filter by (the hidden ones are the jury's).
	Group  string
	Groups []string
}

// scoreboardPage shows the board as the viewer may see it. The page polls
// its own ?fragment=1 every 750 ms with If-None-Match: 304 while the
// board has not changed (docs/PERFORMANCE.md, "Contest boards", says why
// a poll and not Server-Sent Events).
func (p *Pages) scoreboardPage(c *gin.Context) {
	v := httpx.Viewer(c)
	id, ok := p.pathID(c, "id", "contest")
	if !ok {
		return
	}
	ctx := c.Request.Context()
	b, err := p.Service.Scoreboard(ctx, v, id)
	if err != nil {
		if judge.ErrorCode(err) == judge.EUNAUTHORIZED {
			p.needUser(c)
			return
		}
		p.fail(c, err)
		return
	}
	jury := judge.CanSeeLiveBoard(v)
	group := c.Query("group")
	tag := httpx.BoardETag(b.Version, b.Frozen, jury)
	if group != "" {
		b = b.InGroup(group)
		tag = tag[:len(tag)-1] + "-" + strconv.FormatUint(uint64(crc32.ChecksumIEEE([]byte(group))), 36) + `"`
	}
	etag := p.localETag(c, tag)
	c.Header("ETag", etag)
	c.Header("Vary", "Accept-Language, Cookie")
	c.Header("Cache-Control", "private, no-cache")
	if c.GetHeader("If-None-Match") == etag {
		c.Status(http.StatusNotModified)
		return
	}
	view := func() (scoreboardView, bool) {
		ct, err := p.Service.Contest(ctx, v, id)
		if err != nil {
			p.fail(c, err)
			return scoreboardView{}, false
		}
		sv := scoreboardView{C: newContestView(p.localeOf(c), ct, p.Service.Now()), Board: b, Jury: jury, ETag: etag, Group: group}
		for _, g := range ct.Groups {
			if judge.CanSeeHiddenTeams(v) || !g.Hidden {
				sv.Groups = append(sv.Groups, g.Name)
			}
		}
		return sv, true
	}
	if c.Query("fragment") != "" {
		// Drawn once per board and view: every poller of it between two
		// changes gets the same bytes, without reading the contest again.
		l := p.localeOf(c)
		key := strconv.FormatInt(id, 10) + etag + " " + l.Lang + " " + l.Zone.String()
		d, ok := p.boards.Get(key)
		if !ok {
			data, ok := view()
			if !ok {
				return
			}
			var err error
			if d, err = drawBoard(l, data); err != nil {
				p.logger().Error("page template failed", "page", "scoreboardTable", "err", err)
				c.Data(http.StatusInternalServerError, "text/plain; charset=utf-8", []byte("internal error\n"))
				return
			}
			p.boards.Put(key, d, maxDrawnBoards)
		}
		body := d.plain
		if strings.Contains(c.GetHeader("Accept-Encoding"), "gzip") && c.Request.Method != http.MethodHead {
			// Compressed once per change here, not per reader by the
			// Gzip middleware, which leaves an encoded answer alone.
			c.Header("Content-Encoding", "gzip")
			c.Header("Vary", "Accept-Encoding")
			body = d.gzipped
		}
		c.Data(http.StatusOK, "text/html; charset=utf-8", body)
		return
	}
	data, ok := view()
	if !ok {
		return
	}
	p.render(c, http.StatusOK, "scoreboard", p.tr(c, "scoreboard_page_title", "Title", data.C.Title), data)
}

// scoreboardExport downloads the board as the viewer may see it, as CSV
// (judge.WriteBoardCSV) or as the API's JSON.
func (p *Pages) scoreboardExport(asCSV bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		id, ok := p.pathID(c, "id", "contest")
		if !ok {
			return
		}
		ctx, v := c.Request.Context(), httpx.Viewer(c)
		name := "contest-" + strconv.FormatInt(id, 10) + "-scoreboard"
		if asCSV {
			body, err := p.Service.ScoreboardCSV(ctx, v, id)
			if err != nil {
				p.fail(c, err)
				return
			}
			c.Header("Content-Disposition", `attachment; filename="`+name+`.csv"`)
			c.Data(http.StatusOK, "text/csv; charset=utf-8", body)
			return
		}
		b, err := p.Service.Scoreboard(ctx, v, id)
		if err != nil {
			p.fail(c, err)
			return
		}
		c.Header("Content-Disposition", `attachment; filename="`+name+`.json"`)
		c.JSON(http.StatusOK, b)
	}
}
