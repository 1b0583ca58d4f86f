package pages

import (
	"context"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// timeLeft says how long until t, coarsely: "2 days 3 hours", "45 minutes".
func timeLeft(l *locale, d time.Duration) string {
	switch {
	case d >= 48*time.Hour:
		return l.text("left_days_hours", "Days", l.text("unit_days", "Count", int(d/(24*time.Hour))),
			"Hours", l.text("unit_hours", "Count", int(d%(24*time.Hour)/time.Hour)))
	case d >= 2*time.Hour:
		return l.text("left_hours_minutes", "Hours", l.text("unit_hours", "Count", int(d/time.Hour)),
			"Minutes", l.text("unit_minutes", "Count", int(d%time.Hour/time.Minute)))
	case d >= time.Minute:
		return l.text("unit_minutes", "Count", int(d/time.Minute))
	}
	return l.text("left_under_a_minute")
}

// assignmentView is an assignment with where it stands now, in words.
type assignmentView struct {
	judge.Assignment
	Phase judge.Phase
	// Left is the time left, in words: to the due time while open, to the
	// end of the late period in it, to the opening before it.
	Left string
}

func newAssignmentView(l *locale, a judge.Assignment, now time.Time) assignmentView {
	v := assignmentView{Assignment: a, Phase: a.PhaseAt(now)}
	switch v.Phase {
	case judge.PhaseUpcoming:
		v.Left = l.text("left_opens_in", "Left", timeLeft(l, a.OpensAt.Sub(now)))
	case judge.PhaseOpen:
		v.Left = l.text("left_open", "Left", timeLeft(l, a.DueAt.Sub(now)))
	case judge.PhaseLate:
		v.Left = l.text("left_late", "Factor", judge.FormatScore(a.LateFactor), "Left", timeLeft(l, a.LateUntil.Sub(now)))
	default:
		v.Left = l.text("left_closed")
	}
	return v
}

// assignmentForm is the create or edit form as the instructor filled it.
type assignmentForm struct {
	// ID is the assignment's, 0 for a new one.
	ID                                           int64
	Title, OpensAt, DueAt, LateUntil, LateFactor string
	Problems                                     []formProblem
	// Contests are the contests the assignment may be; the chosen one
	// (Selected) gives it its problems and times.
	Contests []formContest
	Error    string
}

// formContest is a contest on offer in the assignment form.
type formContest struct {
	ID       int64
	Title    string
	Selected bool
}

type formProblem struct {
	Slug, Title, Weight string
	Checked             bool
	// State is "draft" or "archived": students do not see the problem
	// until it is published, or ever again.
	State string
}

func (p *Pages) emptyForm(c *gin.Context, a *judge.Assignment) (assignmentForm, error) {
	probs, err := p.Service.Problems(c.Request.Context(), httpx.Viewer(c))
	if err != nil {
		return assignmentForm{}, err
	}
	// No late factor until there is a late period: a factor shown beside
	// an empty late-until would be dropped (it used to be stored as 0
	// while the form kept showing 0.5).
	f := assignmentForm{}
	zone := p.localeOf(c).Zone
	now := p.Service.Now().In(zone).Truncate(time.Hour)
	f.OpensAt, f.DueAt = formatLocal(now, zone), formatLocal(now.Add(7*24*time.Hour), zone)
	if a != nil {
		f.ID, f.Title, f.OpensAt, f.DueAt = a.ID, a.Title, formatLocal(a.OpensAt, zone), formatLocal(a.DueAt, zone)
		if a.LateUntil != nil {
			f.LateUntil, f.LateFactor = formatLocal(*a.LateUntil, zone), judge.FormatScore(a.LateFactor)
		}
	}
	contests, err := p.Service.Contests(c.Request.Context(), httpx.Viewer(c))
	if err != nil {
		return assignmentForm{}, err
	}
	for _, ct := range contests {
		f.Contests = append(f.Contests, formContest{ID: ct.ID, Title: ct.Title, Selected: a != nil && a.ContestID == ct.ID})
	}
	for _, pr := range probs {
		fp := formProblem{Slug: pr.Slug, Title: pr.TitleIn(p.localeOf(c).Lang), Weight: "1"}
		in := -1
		if a != nil {
			in = slices.IndexFunc(a.Problems, func(ap judge.AssignmentProblem) bool { return ap.Slug == pr.Slug })
		}
		// An archived problem cannot be added (the service refuses it);
		// one the assignment already has stays on offer, or a save would
		// drop it.
		if pr.Archived && in < 0 {
			continue
		}
		if in >= 0 {
			fp.Checked, fp.Weight = true, judge.FormatScore(a.Problems[in].Weight)
		}
		switch {
		case pr.Archived:
			fp.State = "archived"
		case pr.Draft:
			fp.State = "draft"
		}
		f.Problems = append(f.Problems, fp)
	}
	return f, nil
}

// postedForm reads the posted assignment form over the list of problems
// (emptyForm, then readForm) offered for a (nil for a new assignment). The
// list failing is an internal error, which the handlers answer with the
// error page as they do their own.
func (p *Pages) postedForm(c *gin.Context, a *judge.Assignment) (assignmentForm, judge.AssignmentSpec, error) {
	form, err := p.emptyForm(c, a)
	if err != nil {
		return form, judge.AssignmentSpec{}, err
	}
	spec, err := p.readForm(c, &form)
	return form, spec, err
}

// readForm reads the posted form into f (keeping what was typed) and the
// spec it means; a value that does not parse is an EINVALID error.
func (p *Pages) readForm(c *gin.Context, f *assignmentForm) (judge.AssignmentSpec, error) {
	f.Title, f.OpensAt, f.DueAt = c.PostForm("title"), c.PostForm("opens_at"), c.PostForm("due_at")
	f.LateUntil, f.LateFactor = c.PostForm("late_until"), c.PostForm("late_factor")
	spec := judge.AssignmentSpec{Title: f.Title}
	var err error
	parse := func(name, s string) time.Time {
		if err != nil || s == "" {
			return time.Time{}
		}
		t, e := readFormTime(name, s, p.localeOf(c).Zone, func() error {
			return judge.Errort(judge.EINVALID, "form_time", "{Field}: expected a date and time like 2026-03-02T09:00, found {Text}", "Field", name, "Text", strconv.Quote(s))
		})
		if e != nil {
			err = e
		}
		return t
	}
	spec.OpensAt, spec.DueAt = parse("opens_at", f.OpensAt), parse("due_at", f.DueAt)
	if f.LateUntil != "" {
		lu := parse("late_until", f.LateUntil)
		spec.LateUntil = &lu
	}
	// The factor goes to the service whenever it is given, with or without
	// a late period, so that the form is told what the API is told.
	if strings.TrimSpace(f.LateFactor) != "" {
		factor, e := strconv.ParseFloat(strings.TrimSpace(f.LateFactor), 64)
		if e != nil && err == nil {
			err = judge.Errort(judge.EINVALID, "form_late_factor", "late factor: expected a number from 0 to 1, found {Text}", "Text", strconv.Quote(f.LateFactor))
		}
		spec.LateFactor = &factor
	}
	chosen := c.PostFormArray("problem")
	for i := range f.Problems {
		fp := &f.Problems[i]
		fp.Checked = slices.Contains(chosen, fp.Slug)
		fp.Weight = c.DefaultPostForm("weight-"+fp.Slug, fp.Weight)
		if !fp.Checked {
			continue
		}
		w, e := strconv.ParseFloat(strings.TrimSpace(fp.Weight), 64)
		if e != nil && err == nil {
			err = judge.Errort(judge.EINVALID, "form_weight", "the weight of {Slug}: expected a number, found {Text}", "Slug", fp.Slug, "Text", strconv.Quote(fp.Weight))
		}
		spec.Problems = append(spec.Problems, judge.AssignmentProblemSpec{Slug: fp.Slug, Weight: &w})
	}
	// A contest gives the assignment its times: the form's are left out
	// (its time inputs are required and always hold something).
	contest := strings.TrimSpace(c.PostForm("contest"))
	for i := range f.Contests {
		f.Contests[i].Selected = strconv.FormatInt(f.Contests[i].ID, 10) == contest
	}
	if contest != "" {
		id, e := strconv.ParseInt(contest, 10, 64)
		if (e != nil || id <= 0) && err == nil {
			err = judge.Errorf(judge.EINVALID, "contest: expected a contest id, found %q", contest)
		}
		spec.ContestID = id
		spec.OpensAt, spec.DueAt, spec.LateUntil, spec.LateFactor = time.Time{}, time.Time{}, nil, nil
	}
	return spec, err
}

// assignmentsView is the data of the assignments list.
type assignmentsView struct {
	Assignments []assignmentView
	Form        assignmentForm // instructors: the create form
}

func (p *Pages) assignmentList(c *gin.Context) {
	if _, ok := p.needUser(c); ok {
		p.showAssignments(c, http.StatusOK, nil)
	}
}

func (p *Pages) showAssignments(c *gin.Context, status int, form *assignmentForm) {
	v := httpx.Viewer(c)
	list, err := p.Service.Assignments(c.Request.Context(), v)
	if err != nil {
		p.fail(c, err)
		return
	}
	now := p.Service.Now()
	data := assignmentsView{}
	for _, a := range list {
		data.Assignments = append(data.Assignments, newAssignmentView(p.localeOf(c), a, now))
	}
	if judge.CanManageCourses(v) {
		if form == nil {
			f, err := p.emptyForm(c, nil)
			if err != nil {
				p.fail(c, err)
				return
			}
			form = &f
		}
		data.Form = *form
	}
	p.render(c, status, "assignments", p.tr(c, "assignments_title"), data)
}

func (p *Pages) createAssignment(c *gin.Context) {
	u, ok := p.needTo(judge.CanManageCourses)(c)
	if !ok {
		return
	}
	form, spec, err := p.postedForm(c, nil)
	var a judge.Assignment
	if err == nil {
		a, err = p.Service.CreateAssignment(c.Request.Context(), u, spec)
	}
	p.finishForm(c, err, &form.Error, func(st int) { p.showAssignments(c, st, &form) }, fmt.Sprintf("/assignments/%d", a.ID), p.tr(c, "flash_assignment_created"))
}

// assignmentPageView is one assignment with the viewer's standing and, per
// problem, their submissions of the assignment's time and after it.
type assignmentPageView struct {
	A assignmentView
	// Contest is the contest the assignment is, if it is one.
	Contest  *judge.Contest
	Mine     judge.StudentGrade
	Problems []assignmentProblemView
	Form     *assignmentForm // instructors: the edit form
}

type assignmentProblemView struct {
	judge.AssignmentProblem
	Grade       judge.ProblemGrade
	Submissions []submissionTiming
}

// submissionTiming is a submission with how it counts for the assignment.
type submissionTiming struct {
	judge.Submission
	Timing string // "on time", "late ×0.5", "too late", "before it opened"
}

func pathInt(c *gin.Context, name string) (int64, bool) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	return id, err == nil && id > 0
}

// pathID reads the id of the path parameter name; when it is not a
// positive number it answers the not-found page ("There is no such
// assignment.", the catalogue's error_no_such_<what>, one of
// noSuchThings) and reports false.
func (p *Pages) pathID(c *gin.Context, name, what string) (int64, bool) {
	id, ok := pathInt(c, name)
	if !ok {
		p.errorPage(c, http.StatusNotFound, p.tr(c, "error_no_such_"+what))
	}
	return id, ok
}

// matchesStudent reports whether a row of username passes the filter of
// the progress tables (a part of the name, any case; "" passes all).
func matchesStudent(filter, username string) bool {
	return filter == "" || strings.Contains(strings.ToLower(username), strings.ToLower(filter))
}

func (p *Pages) assignmentPage(c *gin.Context) {
	if _, ok := p.needUser(c); ok {
		p.showAssignment(c, http.StatusOK, nil)
	}
}

func (p *Pages) showAssignment(c *gin.Context, status int, form *assignmentForm) {
	v := httpx.Viewer(c)
	id, ok := p.pathID(c, "id", "assignment")
	if !ok {
		return
	}
	ctx := c.Request.Context()
	a, mine, err := p.Service.MyProgress(ctx, v, id)
	if err != nil {
		p.fail(c, err)
		return
	}
	now := p.Service.Now()
	data := assignmentPageView{A: newAssignmentView(p.localeOf(c), a, now), Mine: mine}
	if a.ContestID != 0 {
		// A private contest the reader does not take part in is not
		// shown: the assignment is still theirs to read.
		switch ct, err := p.Service.Contest(ctx, v, a.ContestID); {
		case err == nil:
			data.Contest = &ct
		case judge.ErrorCode(err) != judge.ENOTFOUND:
			p.fail(c, err)
			return
		}
	}
	for i, ap := range a.Problems {
		pv := assignmentProblemView{AssignmentProblem: ap, Grade: mine.Problems[i]}
		subs, _, err := p.Service.Submissions(ctx, v, judge.SubmissionFilter{UserID: v.ID, Username: v.Username, ProblemSlug: ap.Slug, Limit: 20})
		if err != nil {
			p.fail(c, err)
			return
		}
		for _, s := range subs {
			factor, late, counted := a.Factor(s.CreatedAt)
			l := p.localeOf(c)
			t := l.text("timing_on_time")
			switch {
			case a.ContestID != 0 && s.ContestID == a.ContestID:
				t = l.text("timing_in_contest") // named the contest while it ran
			case a.ContestID != 0:
				t = l.text("timing_not_in_contest")
			case counted && late:
				t = l.text("timing_late", "Factor", judge.FormatScore(factor))
			case !counted && s.CreatedAt.Before(a.OpensAt):
				t = l.text("timing_early")
			case !counted:
				t = l.text("timing_too_late")
			}
			pv.Submissions = append(pv.Submissions, submissionTiming{Submission: s, Timing: t})
		}
		data.Problems = append(data.Problems, pv)
	}
	if judge.CanManageCourses(v) {
		if form == nil {
			f, err := p.emptyForm(c, &a)
			if err != nil {
				p.fail(c, err)
				return
			}
			form = &f
		}
		data.Form = form
	}
	p.render(c, status, "assignment", a.Title, data)
}

func (p *Pages) editAssignment(c *gin.Context) {
	u, a, id, ok := needRead(p, c, p.needTo(judge.CanManageCourses), "assignment", p.Service.Assignment)
	if !ok {
		return
	}
	form, spec, err := p.postedForm(c, &a)
	if err == nil {
		patch := judge.AssignmentPatch{Title: &spec.Title, Problems: spec.Problems, OpensAt: &spec.OpensAt, DueAt: &spec.DueAt,
			LateUntil: spec.LateUntil, LateFactor: spec.LateFactor, ClearLateUntil: spec.LateUntil == nil, ClearContest: a.ContestID != 0}
		if spec.ContestID != 0 { // the contest's times, not the form's
			patch = judge.AssignmentPatch{Title: &spec.Title, Problems: spec.Problems, ContestID: &spec.ContestID}
		}
		if patch.Problems == nil {
			patch.Problems = []judge.AssignmentProblemSpec{}
		}
		_, err = p.Service.UpdateAssignment(c.Request.Context(), u, id, patch)
	}
	p.finishForm(c, err, &form.Error, func(st int) { p.showAssignment(c, st, &form) }, fmt.Sprintf("/assignments/%d", id), p.tr(c, "flash_assignment_saved"))
}

func (p *Pages) deleteAssignment(c *gin.Context) {
	u, ok := p.needTo(judge.CanManageCourses)(c)
	if !ok {
		return
	}
	id, _ := pathInt(c, "id")
	err := p.Service.DeleteAssignment(c.Request.Context(), u, id)
	p.finishAction(c, err, "/assignments", p.tr(c, "flash_assignment_deleted"))
}

// progressView is the progress table: students by problems.
type progressView struct {
	A      assignmentView
	Rows   []progressRow
	Filter string
	AsOf   time.Time
}

// progressRow is a student's row with its cells' text made in Go: the table
// of a large course has thousands of cells, and calling template functions
// (by reflection) for each of their pieces was half the page's time.
type progressRow struct {
	User  judge.User
	Cells []progressCell
	Total float64
}

type progressCell struct {
	// HTML is the whole <td>, escaped here: html/template's contextual
	// escaping of five fields in each of 1,800 cells was most of the
	// page's drawing time.
	HTML template.HTML
}

// newProgressRow draws a student's cells; labels are the problems' slugs,
// in the order of row.Problems, which name each cell on a phone (its
// data-label, where the table's head is hidden).
func newProgressRow(l *locale, row judge.StudentGrade, labels []string) progressRow {
	pr := progressRow{User: row.User, Total: row.Total, Cells: make([]progressCell, len(row.Problems))}
	var b strings.Builder
	for i, pg := range row.Problems {
		verdict := "–"
		if pg.Verdict != "" {
			verdict = verdictText(l, pg.Verdict)
		}
		meta := verdict + " · " + strconv.Itoa(pg.Submissions)
		if pg.Pending > 0 {
			meta += " " + l.text("progress_cell_pending", "Count", pg.Pending)
		}
		title := l.text("progress_cell_submissions", "Count", pg.Submissions)
		if pg.Last != nil {
			last := l.When(*pg.Last)
			meta += " · " + last
			title += l.text("progress_cell_last", "When", last)
		}
		score := judge.FormatScore(pg.Score)
		b.Reset()
		b.WriteString(`<td class="num `)
		b.WriteString(cellClass(pg.Score, pg.Submissions))
		b.WriteString(`" data-value="`)
		b.WriteString(score)
		b.WriteString(`" title="`)
		b.WriteString(template.HTMLEscapeString(title))
		if i < len(labels) {
			b.WriteString(`" data-label="`)
			b.WriteString(template.HTMLEscapeString(labels[i]))
		}
		b.WriteString(`">`)
		b.WriteString(score)
		if pg.Late {
			b.WriteString("<sup>" + template.HTMLEscapeString(l.text("progress_cell_late")) + "</sup>")
		}
		b.WriteString(`<span class="cell-meta">`)
		b.WriteString(template.HTMLEscapeString(meta))
		b.WriteString("</span></td>")
		pr.Cells[i] = progressCell{HTML: template.HTML(b.String())}
	}
	return pr
}

// readAssignment calls read for the signed-in user and the assignment of
// the path (a progress table); on a failure it answers the sign-in, the
// not-found or the error page and reports false.
func readAssignment[T any](p *Pages, c *gin.Context, read func(context.Context, judge.User, int64) (T, error)) (T, bool) {
	_, out, _, ok := needRead(p, c, p.needUser, "assignment", read)
	return out, ok
}

func (p *Pages) progressPage(c *gin.Context) {
	gb, ok := readAssignment(p, c, p.Service.Progress)
	if !ok {
		return
	}
	data := progressView{A: newAssignmentView(p.localeOf(c), gb.Assignment, gb.AsOf), Filter: strings.TrimSpace(c.Query("student")), AsOf: gb.AsOf}
	labels := make([]string, len(gb.Assignment.Problems))
	for i, ap := range gb.Assignment.Problems {
		labels[i] = ap.Slug
	}
	for _, row := range gb.Rows {
		if matchesStudent(data.Filter, row.User.Username) {
			data.Rows = append(data.Rows, newProgressRow(p.localeOf(c), row, labels))
		}
	}
	p.render(c, http.StatusOK, "progress", p.tr(c, "progress_page_title")+" "+gb.Assignment.Title, data)
}

// boardsView is a problem's drill-down: students by boards.
type boardsView struct {
	A      assignmentView
	PB     judge.ProblemBoards
	Rows   []judge.StudentBoards
	Filter string
}

func (p *Pages) boardsPage(c *gin.Context) {
	pb, ok := readAssignment(p, c, func(ctx context.Context, v judge.User, id int64) (judge.ProblemBoards, error) {
		return p.Service.ProblemProgress(ctx, v, id, c.Param("slug"))
	})
	if !ok {
		return
	}
	data := boardsView{A: newAssignmentView(p.localeOf(c), pb.Assignment, pb.AsOf), PB: pb, Filter: strings.TrimSpace(c.Query("student"))}
	for _, row := range pb.Rows {
		if matchesStudent(data.Filter, row.User.Username) {
			data.Rows = append(data.Rows, row)
		}
	}
	p.render(c, http.StatusOK, "boards", pb.Problem.Title+" · "+pb.Assignment.Title, data)
}

// gradesCSV hands out the same file as GET /api/v1/assignments/{id}/grades.csv.
func (p *Pages) gradesCSV(c *gin.Context) {
	v, ok := p.needTo(judge.CanManageCourses)(c)
	if !ok {
		return
	}
	id, _ := pathInt(c, "id")
	gb, err := p.Service.Grades(c.Request.Context(), v, id)
	if err != nil {
		p.fail(c, err)
		return
	}
	c.Header("Content-Security-Policy", "default-src 'none'")
	httpx.GradesCSV(c, p.logger(), gb)
}
