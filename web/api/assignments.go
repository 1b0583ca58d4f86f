package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// registerCourses adds the routes of issue 13: assignments, progress,
// grades and accounts.
func (s *API) registerCourses(api gin.IRouter, user gin.HandlerFunc) {
	courses, accounts := s.allow(judge.CanManageCourses), s.allow(judge.CanManageAccounts)
	api.GET("/assignments", user, s.listAssignments)
	api.POST("/assignments", courses, s.createAssignment)
	api.GET("/assignments/:id", user, s.getAssignment)
	api.PATCH("/assignments/:id", courses, s.updateAssignment)
	api.DELETE("/assignments/:id", courses, s.deleteAssignment)
	api.GET("/assignments/:id/progress", user, s.progress)
	api.GET("/assignments/:id/progress/:slug", user, s.problemProgress)
	api.GET("/assignments/:id/grades", courses, s.grades)
	api.GET("/assignments/:id/grades.csv", courses, s.gradesCSV)

	api.GET("/users", accounts, s.listUsers)
	api.POST("/users", accounts, s.createUsers)
	api.PATCH("/users/:id", accounts, s.updateUser)
	api.POST("/users/:id/password", accounts, s.resetPassword)
	api.PUT("/me/password", user, s.changePassword)
	api.GET("/me", user, s.me)
	api.PATCH("/me", user, s.updateMe)
}

// problemRef is a problem of an assignment in a request.
type problemRef struct {
	Slug   string   `json:"slug"`
	Weight *float64 `json:"weight"`
}

func (r problemRef) spec() judge.AssignmentProblemSpec { return judge.AssignmentProblemSpec(r) }

// assignmentRequest is the body of POST /assignments.
type assignmentRequest struct {
	Title      string          `json:"title"`
	Problems   []problemRef    `json:"problems"`
	OpensAt    json.RawMessage `json:"opens_at"`
	DueAt      json.RawMessage `json:"due_at"`
	LateUntil  json.RawMessage `json:"late_until"`
	LateFactor *float64        `json:"late_factor"`
	// Contest makes it the assignment of that contest (docs/COURSES.md).
	Contest *int64 `json:"contest"`
}

// assignmentPatchRequest is the body of PATCH /assignments/{id}: absent
// fields stay; "late_until": null removes the late period.
type assignmentPatchRequest struct {
	Title      *string         `json:"title"`
	Problems   *[]problemRef   `json:"problems"`
	OpensAt    json.RawMessage `json:"opens_at"`
	DueAt      json.RawMessage `json:"due_at"`
	LateUntil  json.RawMessage `json:"late_until"`
	LateFactor *float64        `json:"late_factor"`
	// Contest: an id links the assignment to that contest, null unlinks it.
	Contest json.RawMessage `json:"contest"`
}

// assignmentJSON is an assignment as the API shows it. Status and
// SecondsLeft are computed at the server's time: SecondsLeft counts to
// due_at while open, to late_until in the late period.
type assignmentJSON struct {
	ID          int64                   `json:"id"`
	Title       string                  `json:"title"`
	Problems    []assignmentProblemJSON `json:"problems"`
	OpensAt     time.Time               `json:"opens_at"`
	DueAt       time.Time               `json:"due_at"`
	LateUntil   *time.Time              `json:"late_until"`
	LateFactor  float64                 `json:"late_factor"`
	Contest     *int64                  `json:"contest,omitempty"`
	Status      judge.Phase             `json:"status"`
	SecondsLeft int64                   `json:"seconds_left"`
	Progress    *progressRowJSON        `json:"progress,omitempty"`
}

type assignmentProblemJSON struct {
	Slug   string  `json:"slug"`
	Title  string  `json:"title"`
	Weight float64 `json:"weight"`
	// Available is false for a problem the caller may not open (a draft
	// or an archived one, to a student): its title is "" then.
	Available bool `json:"available"`
}

func toAssignmentProblemJSON(p judge.AssignmentProblem) assignmentProblemJSON {
	return assignmentProblemJSON{Slug: p.Slug, Title: p.Title, Weight: p.Weight, Available: !p.Unavailable}
}

func toAssignmentJSON(a judge.Assignment, now time.Time) assignmentJSON {
	out := assignmentJSON{ID: a.ID, Title: a.Title, OpensAt: a.OpensAt, DueAt: a.DueAt, LateUntil: a.LateUntil,
		LateFactor: a.LateFactor, Status: a.PhaseAt(now), Problems: mapped(a.Problems, toAssignmentProblemJSON)}
	if a.ContestID != 0 {
		id := a.ContestID
		out.Contest = &id
	}
	switch out.Status {
	case judge.PhaseOpen:
		out.SecondsLeft = int64(a.DueAt.Sub(now) / time.Second)
	case judge.PhaseLate:
		out.SecondsLeft = int64(a.LateUntil.Sub(now) / time.Second)
	}
	return out
}

// progressRowJSON is one student's row of an assignment's progress.
type progressRowJSON struct {
	ID       int64             `json:"id"`
	Username string            `json:"username"`
	Disabled bool              `json:"disabled,omitempty"`
	Total    float64           `json:"total"`
	Problems []problemCellJSON `json:"problems"`
}

// problemCellJSON is a student's standing on one problem.
type problemCellJSON struct {
	Slug           string        `json:"slug"`
	Score          score         `json:"score"`
	Verdict        judge.Verdict `json:"verdict"`
	Late           bool          `json:"late"`
	Submissions    int           `json:"submissions"`
	Pending        int           `json:"pending"`
	LastSubmission *time.Time    `json:"last_submission"`
}

func toProgressRow(row judge.StudentGrade) progressRowJSON {
	out := progressRowJSON{ID: row.User.ID, Username: row.User.Username, Disabled: row.User.Disabled, Total: row.Total,
		Problems: make([]problemCellJSON, len(row.Problems))}
	for i, pg := range row.Problems {
		out.Problems[i] = problemCellJSON{Slug: pg.Slug, Score: score(pg.Score), Verdict: pg.Verdict, Late: pg.Late,
			Submissions: pg.Submissions, Pending: pg.Pending, LastSubmission: pg.Last}
	}
	return out
}

// readAssignment is readByID of the assignment of the path (a progress
// table, the grades).
func readAssignment[T any](s *API, c *gin.Context, read func(context.Context, judge.User, int64) (T, error)) (T, int64, bool) {
	return readByID(s, c, "assignment", read)
}

// listAssignments lists the assignments the caller may see, by due time.
func (s *API) listAssignments(c *gin.Context) {
	now := s.Service.Now()
	answerList(s, c, s.Service.Assignments, func(a judge.Assignment) assignmentJSON { return toAssignmentJSON(a, now) })
}

// createAssignment answers 201 with the new assignment.
func (s *API) createAssignment(c *gin.Context) {
	var req assignmentRequest
	if !s.readJSON(c, &req) {
		return
	}
	spec := judge.AssignmentSpec{Title: req.Title, Problems: mapped(req.Problems, problemRef.spec), LateFactor: req.LateFactor}
	var err error
	if spec.OpensAt, _, err = timeOf("opens_at", req.OpensAt); err == nil {
		if spec.DueAt, _, err = timeOf("due_at", req.DueAt); err == nil {
			spec.LateUntil, err = timePtrOf("late_until", req.LateUntil)
		}
	}
	if err != nil {
		s.writeError(c, err)
		return
	}
	if req.Contest != nil {
		if *req.Contest <= 0 {
			s.fail(c, judge.EINVALID, "field \"contest\" must be a contest id")
			return
		}
		spec.ContestID = *req.Contest
	}
	a, err := s.Service.CreateAssignment(c.Request.Context(), httpx.Viewer(c), spec)
	s.located(c, http.StatusCreated, err, func() string { return "assignments/" + strconv.FormatInt(a.ID, 10) },
		func() any { return toAssignmentJSON(a, s.Service.Now()) })
}

// getAssignment answers the assignment with the caller's own progress.
func (s *API) getAssignment(c *gin.Context) {
	var row judge.StudentGrade
	a, _, ok := readAssignment(s, c, func(ctx context.Context, v judge.User, id int64) (a judge.Assignment, err error) {
		a, row, err = s.Service.MyProgress(ctx, v, id)
		return a, err
	})
	if !ok {
		return
	}
	out := toAssignmentJSON(a, s.Service.Now())
	pr := toProgressRow(row)
	out.Progress = &pr
	c.JSON(http.StatusOK, out)
}

// updateAssignment changes the fields given.
func (s *API) updateAssignment(c *gin.Context) {
	var req assignmentPatchRequest
	id, ok := s.pathIDAndJSON(c, "id", "assignment", &req)
	if !ok {
		return
	}
	p := judge.AssignmentPatch{Title: req.Title, LateFactor: req.LateFactor}
	var err error
	if p.OpensAt, err = timePtrOf("opens_at", req.OpensAt); err == nil {
		p.DueAt, err = timePtrOf("due_at", req.DueAt)
	}
	if err != nil {
		s.writeError(c, err)
		return
	}
	if req.Problems != nil {
		p.Problems = mapped(*req.Problems, problemRef.spec)
		if p.Problems == nil {
			p.Problems = []judge.AssignmentProblemSpec{} // present and empty: refused as such
		}
	}
	switch lu := bytes.TrimSpace(req.LateUntil); {
	case len(lu) == 0:
	case string(lu) == "null":
		p.ClearLateUntil = true
	default:
		if p.LateUntil, err = timePtrOf("late_until", lu); err != nil {
			s.writeError(c, err)
			return
		}
	}
	switch ct := bytes.TrimSpace(req.Contest); {
	case len(ct) == 0:
	case string(ct) == "null":
		p.ClearContest = true
	default:
		var id int64
		if err := json.Unmarshal(ct, &id); err != nil || id <= 0 {
			s.fail(c, judge.EINVALID, "field \"contest\" must be a contest id or null")
			return
		}
		p.ContestID = &id
	}
	a, err := s.Service.UpdateAssignment(c.Request.Context(), httpx.Viewer(c), id, p)
	s.answer(c, http.StatusOK, err, func() any { return toAssignmentJSON(a, s.Service.Now()) })
}

// deleteAssignment answers 204; the submissions stay.
func (s *API) deleteAssignment(c *gin.Context) {
	id, ok := s.pathID(c, "id", "assignment")
	if !ok {
		return
	}
	s.noContent(c, s.Service.DeleteAssignment(c.Request.Context(), httpx.Viewer(c), id))
}

// progressJSON is GET /assignments/{id}/progress: one row per student (the
// caller's only, for a student).
type progressJSON struct {
	Assignment assignmentJSON    `json:"assignment"`
	AsOf       time.Time         `json:"as_of"`
	Students   []progressRowJSON `json:"students"`
}

func (s *API) progress(c *gin.Context) {
	gb, _, ok := readAssignment(s, c, s.Service.Progress)
	if !ok {
		return
	}
	c.JSON(http.StatusOK, progressJSON{Assignment: toAssignmentJSON(gb.Assignment, gb.AsOf), AsOf: gb.AsOf, Students: mapped(gb.Rows, toProgressRow)})
}

// boardsJSON is GET /assignments/{id}/progress/{slug}: students by boards.
type boardsJSON struct {
	Problem  assignmentProblemJSON `json:"problem"`
	Boards   []boardJSON           `json:"boards"`
	AsOf     time.Time             `json:"as_of"`
	Students []studentBoardsJSON   `json:"students"`
}

type boardJSON struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Position int    `json:"position"`
	Sample   bool   `json:"sample"`
}

type studentBoardsJSON struct {
	ID       int64           `json:"id"`
	Username string          `json:"username"`
	Problem  problemCellJSON `json:"problem"`
	Boards   []boardCellJSON `json:"boards"`
}

type boardCellJSON struct {
	Case        int64         `json:"case"`
	Score       score         `json:"score"`
	Verdict     judge.Verdict `json:"verdict"`
	Late        bool          `json:"late"`
	Submissions int           `json:"submissions"`
}

func (s *API) problemProgress(c *gin.Context) {
	pb, _, ok := readAssignment(s, c, func(ctx context.Context, v judge.User, id int64) (judge.ProblemBoards, error) {
		return s.Service.ProblemProgress(ctx, v, id, c.Param("slug"))
	})
	if !ok {
		return
	}
	out := boardsJSON{Problem: toAssignmentProblemJSON(pb.Problem),
		AsOf: pb.AsOf, Boards: make([]boardJSON, len(pb.Cases)), Students: make([]studentBoardsJSON, len(pb.Rows))}
	for i, cs := range pb.Cases {
		out.Boards[i] = boardJSON{ID: cs.ID, Name: cs.Name, Position: cs.Position, Sample: cs.Sample}
	}
	for i, row := range pb.Rows {
		r := toProgressRow(judge.StudentGrade{User: row.User, Problems: []judge.ProblemGrade{row.Grade}})
		sb := studentBoardsJSON{ID: row.User.ID, Username: row.User.Username, Problem: r.Problems[0], Boards: make([]boardCellJSON, len(row.Boards))}
		for j, b := range row.Boards {
			sb.Boards[j] = boardCellJSON{Case: b.CaseID, Score: score(b.Score), Verdict: b.Verdict, Late: b.Late, Submissions: b.Submissions}
		}
		out.Students[i] = sb
	}
	c.JSON(http.StatusOK, out)
}

// gradesJSON is GET /assignments/{id}/grades: the CSV's content as JSON.
type gradesJSON struct {
	Assignment int64                   `json:"assignment"`
	Problems   []assignmentProblemJSON `json:"problems"`
	AsOf       time.Time               `json:"as_of"`
	Grades     []gradeRowJSON          `json:"grades"`
}

type gradeRowJSON struct {
	Username string             `json:"username"`
	Scores   map[string]float64 `json:"scores"`
	Total    float64            `json:"total"`
}

func (s *API) grades(c *gin.Context) {
	gb, id, ok := readAssignment(s, c, s.Service.Grades)
	if !ok {
		return
	}
	a := toAssignmentJSON(gb.Assignment, gb.AsOf)
	out := gradesJSON{Assignment: id, Problems: a.Problems, AsOf: gb.AsOf, Grades: make([]gradeRowJSON, len(gb.Rows))}
	for i, row := range gb.Rows {
		g := gradeRowJSON{Username: row.User.Username, Scores: make(map[string]float64, len(row.Problems)), Total: row.Total}
		for _, pg := range row.Problems {
			g.Scores[pg.Slug] = pg.Score
		}
		out.Grades[i] = g
	}
	c.JSON(http.StatusOK, out)
}

// gradesCSV answers the grades as an RFC 4180 CSV download.
func (s *API) gradesCSV(c *gin.Context) {
	gb, _, ok := readAssignment(s, c, s.Service.Grades)
	if !ok {
		return
	}
	httpx.GradesCSV(c, s.Logger, gb)
}
