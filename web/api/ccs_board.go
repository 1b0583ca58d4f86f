package api

import (
	"archive/zip"
	"bytes"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/ccs"
	"puzzlejudge/web/httpx"
)

// ccsScoreboard answers the board the caller reads (the jury the live
// one, everyone else the frozen one during a freeze) in the Contest API's
// shape; ?group_id= the board of one group's teams, ranked among
// themselves.
func (s *API) ccsScoreboard(c *gin.Context) {
	id, ok := s.ccsContestID(c)
	if !ok {
		return
	}
	var in ccs.CCSInput
	var board judge.Scoreboard
	var err error
	if group, given := c.GetQuery("group_id"); given {
		in, board, err = s.Service.CCSGroupScoreboard(c.Request.Context(), httpx.Viewer(c), id, group)
	} else {
		in, board, err = s.Service.CCSScoreboard(c.Request.Context(), httpx.Viewer(c), id)
	}
	if err != nil {
		s.ccsFail(c, err)
		return
	}
	c.JSON(http.StatusOK, ccsBoardJSON(in, board))
}

func ccsBoardJSON(in ccs.CCSInput, board judge.Scoreboard) gin.H {
	k := in.Contest
	rows := []gin.H{}
	for _, r := range board.Rows {
		if r.Key == 0 {
			continue // a participant whose account is gone
		}
		var score gin.H
		last := -1
		problems := make([]gin.H, 0, len(r.Problems))
		for i, p := range r.Problems {
			if i >= len(k.Problems) {
				break
			}
			cell := gin.H{"problem_id": ccs.CCSProblemID(k.Problems[i]), "num_judged": p.Tries, "num_pending": p.Pending}
			if k.Scoring == judge.ScoringIOI {
				cell["score"] = p.Score
				if p.Score > 0 {
					cell["time"] = ccs.CCSMinutes(p.Minutes)
					last = max(last, p.Minutes)
				}
			} else {
				cell["solved"] = p.Solved
				if p.Solved {
					cell["time"] = ccs.CCSMinutes(p.Minutes)
				}
			}
			problems = append(problems, cell)
		}
		if k.Scoring == judge.ScoringIOI {
			score = gin.H{"score": r.Score, "time": nil}
			if last >= 0 {
				score["time"] = ccs.CCSMinutes(last)
			}
		} else {
			score = gin.H{"num_solved": r.Solved, "total_time": ccs.CCSMinutes(r.Penalty), "time": nil}
			if r.Solved > 0 {
				score["time"] = ccs.CCSMinutes(r.LastAccepted)
			}
		}
		rows = append(rows, gin.H{"rank": r.Rank, "team_id": ccs.CCSTeamID(r.Key), "score": score, "problems": problems})
	}
	return gin.H{"time": ccs.CCSTime(in.Now), "contest_time": ccs.CCSRelTime(in.Now.Sub(k.StartTime)),
		"state": ccs.CCSStateObject(k, in.Now), "rows": rows}
}

// ccsProperties are the properties each type of object may have, as the
// access endpoint lists them.
var ccsProperties = []struct {
	typ   string
	props []string
}{
	{ccs.CCSContest, []string{"id", "name", "formal_name", "start_time", "duration", "scoreboard_freeze_duration", "scoreboard_thaw_time", "scoreboard_type", "penalty_time"}},
	{ccs.CCSJudgementTypes, []string{"id", "name", "penalty", "solved"}},
	{ccs.CCSLanguages, []string{"id", "name", "entry_point_required", "entry_point_name", "extensions"}},
	{ccs.CCSProblems, []string{"id", "label", "name", "ordinal", "time_limit", "memory_limit", "output_limit", "code_limit", "test_data_count", "max_score"}},
	{ccs.CCSGroups, []string{"id", "name"}},
	{ccs.CCSOrganizations, []string{"id", "name", "formal_name", "country"}},
	{ccs.CCSPersons, []string{"id", "name", "team_ids", "role"}},
	{ccs.CCSAccounts, []string{"id", "username", "name", "type", "team_id", "person_id"}},
	{ccs.CCSTeams, []string{"id", "name", "label", "display_name", "organization_id", "group_ids", "hidden"}},
	{ccs.CCSState, []string{"started", "frozen", "ended", "thawed", "finalized", "end_of_updates"}},
	{ccs.CCSSubmissions, []string{"id", "language_id", "problem_id", "team_id", "time", "contest_time", "entry_point", "files"}},
	{ccs.CCSJudgements, []string{"id", "submission_id", "judgement_type_id", "score", "current", "start_time", "start_contest_time", "end_time", "end_contest_time", "max_run_time"}},
	{ccs.CCSRuns, []string{"id", "judgement_id", "ordinal", "judgement_type_id", "time", "contest_time", "run_time"}},
	{ccs.CCSClarifications, []string{"id", "from_team_id", "to_team_id", "to_team_ids", "reply_to_id", "problem_id", "text", "time", "contest_time"}},
	{ccs.CCSAwards, []string{"id", "citation", "team_ids"}},
	{"scoreboard", []string{"time", "contest_time", "state", "rows"}},
	{"event-feed", []string{"type", "id", "data", "token"}},
}

// ccsAccess answers what the caller may read: every endpoint, no
// capability (the API is read-only here; questions go through /api/v1).
func (s *API) ccsAccess(c *gin.Context) {
	if _, _, _, ok := s.ccsObjects(c); !ok {
		return
	}
	endpoints := make([]gin.H, 0, len(ccsProperties))
	for _, e := range ccsProperties {
		endpoints = append(endpoints, gin.H{"type": e.typ, "properties": e.props})
	}
	c.JSON(http.StatusOK, gin.H{"capabilities": []string{}, "endpoints": endpoints})
}

// ccsSubmissionFiles answers a submission's files as one zip, for its
// author and the jury.
func (s *API) ccsSubmissionFiles(c *gin.Context) {
	contestID, ok := s.ccsContestID(c)
	if !ok {
		return
	}
	id, err := strconv.ParseInt(c.Param("oid"), 10, 64)
	if err != nil {
		s.ccsFail(c, judge.Errorf(judge.ENOTFOUND, "submission %q not found", c.Param("oid")))
		return
	}
	name, text, at, err := s.Service.CCSSubmissionFiles(c.Request.Context(), httpx.Viewer(c), contestID, id)
	if err != nil {
		s.ccsFail(c, err)
		return
	}
	data, err := submissionZip(name, text, at)
	if err != nil {
		s.ccsFail(c, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="files.zip"`)
	c.Data(http.StatusOK, "application/zip", data)
}

// submissionZip is a submission's files.zip: its one file, dated when it
// was submitted (zw.Create leaves the date zero, which unzip lists as
// 1980-00-00). A contest package holds the same bytes.
func submissionZip(name, text string, at time.Time) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: at.UTC()})
	if err == nil {
		_, err = w.Write([]byte(text))
	}
	if err == nil {
		err = zw.Close()
	}
	return buf.Bytes(), err
}
