package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/ccs"
	"puzzlejudge/judge/ccs/contestpkg"
	"puzzlejudge/judge/service"
	"puzzlejudge/problems/kattis"
	"puzzlejudge/web/httpx"
)

// Contest packages (docs/CONTEST_API.md, "Contest packages"): a contest
// out as the ICPC Contest Package format and in from one. The package's
// JSON files are the answers of /api/ccs for the jury, built by the same
// code (ccs.CCSObjects, ccsBoardJSON, the feed's lines), so that the two
// cannot disagree.

// ContestImportPath is the route of POST /contests/import, whose body may
// be a package of up to ContestImportMaxBody bytes.
const ContestImportPath = "/api/v1/contests/import"

// ContestImportMaxBody is the largest body of ContestImportPath: the
// package and room for the multipart form around it.
const ContestImportMaxBody = contestpkg.MaxUpload + 64<<10

func (s *API) registerContestPackages(api gin.IRouter) {
	jury := s.allow(judge.CanManageContests)
	api.GET("/contests/:id/package", jury, s.exportContest)
	api.POST("/contests/import", jury, s.importContest)
}

// exportContest is GET /contests/{id}/package: the contest as a zip.
func (s *API) exportContest(c *gin.Context) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		s.fail(c, judge.ENOTFOUND, "contest %q not found", c.Param("id"))
		return
	}
	ex, err := s.Service.ExportContest(c.Request.Context(), httpx.Viewer(c), id)
	if err != nil {
		s.writeError(c, err)
		return
	}
	files, err := packageFiles(ex)
	if err != nil {
		s.writeError(c, err)
		return
	}
	var buf bytes.Buffer
	dir := ccs.CCSContestID(id)
	if err := contestpkg.Write(&buf, dir, files); err != nil {
		s.writeError(c, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="contest-`+dir+`.zip"`)
	c.Data(http.StatusOK, "application/zip", buf.Bytes())
}

// packageFiles lays a contest's export out as the format's files: api.json,
// contest.json, one <endpoint>.json per collection (problems with their
// package's file reference), state.json, scoreboard.json,
// event-feed.ndjson, each submission's files and each problem's package.
func packageFiles(ex service.ContestExport) ([]contestpkg.File, error) {
	info, err := json.Marshal(ccsInfoJSON())
	if err != nil {
		return nil, err
	}
	files := []contestpkg.File{{Name: "api.json", Data: info}}
	byType := map[string][]json.RawMessage{}
	for _, o := range ex.Objects {
		switch o.Type {
		case ccs.CCSContest, ccs.CCSState:
			files = append(files, contestpkg.File{Name: o.Type + ".json", Data: o.Data})
			continue
		case ccs.CCSProblems:
			data, err := withPackage(o)
			if err != nil {
				return nil, err
			}
			o.Data = data
		}
		byType[o.Type] = append(byType[o.Type], o.Data)
	}
	for _, typ := range ccsCollections {
		list := byType[typ]
		if list == nil {
			list = []json.RawMessage{}
		}
		data, err := json.Marshal(list)
		if err != nil {
			return nil, err
		}
		files = append(files, contestpkg.File{Name: typ + ".json", Data: data})
	}
	board, err := json.Marshal(ccsBoardJSON(ex.Input, ex.Board))
	if err != nil {
		return nil, err
	}
	files = append(files, contestpkg.File{Name: "scoreboard.json", Data: board})
	var feed bytes.Buffer
	for _, e := range ex.Feed {
		feed.Write(feedLineOf(e))
		feed.WriteByte('\n')
	}
	files = append(files, contestpkg.File{Name: "event-feed.ndjson", Data: feed.Bytes()})
	for _, f := range ex.Files {
		data, err := submissionZip(f.Name, f.Text, f.At)
		if err != nil {
			return nil, err
		}
		files = append(files, contestpkg.File{Name: "submissions/" + strconv.FormatInt(f.ID, 10) + "/files.zip", Data: data})
	}
	for _, p := range ex.Problems {
		pkg := kattis.FromCases(p.Problem, p.Cases)
		pkg.Programs = p.Programs
		var buf bytes.Buffer
		if err := kattis.Write(&buf, pkg); err != nil {
			return nil, err
		}
		files = append(files, contestpkg.File{Name: "problems/" + p.CCSID + "/" + p.CCSID + ".zip", Data: buf.Bytes()})
	}
	return files, nil
}

// withPackage adds to a problem object the file reference of its problem
// package, as the format stores it (problems/<id>/<id>.zip).
func withPackage(o ccs.CCSObject) (json.RawMessage, error) {
	var m map[string]any
	if err := json.Unmarshal(o.Data, &m); err != nil {
		return nil, err
	}
	m["package"] = []ccsFile{{Href: "problems/" + o.ID + "/" + o.ID + ".zip", Filename: o.ID + ".zip", Mime: "application/zip"}}
	return json.Marshal(m)
}

// ccsFile is a file reference of the Contest API.
type ccsFile struct {
	Href     string `json:"href"`
	Filename string `json:"filename"`
	Mime     string `json:"mime"`
}

// importContest is POST /contests/import: the package as the multipart
// field "file", or the whole body when it is application/zip;
// ?published=true publishes the problems it makes. 201 with the contest,
// the problems and accounts made, what was skipped, and warnings naming
// what else the package held and the import left out.
func (s *API) importContest(c *gin.Context) {
	v := httpx.Viewer(c)
	if !judge.CanAuthor(v) {
		s.writeError(c, judge.Errorf(judge.EFORBIDDEN, "only an instructor may import a contest package"))
		return
	}
	data, ok := s.packageBody(c)
	if !ok {
		return
	}
	imp, err := contestpkg.Read(data)
	if err != nil {
		s.packageError(c, err)
		return
	}
	if text := c.Query("published"); text != "" {
		if imp.Publish, err = strconv.ParseBool(text); err != nil {
			s.fail(c, judge.EINVALID, "published: want true or false, found %q", text)
			return
		}
	}
	done, err := s.Service.ImportContest(c.Request.Context(), v, imp)
	if err != nil {
		s.writeError(c, err)
		return
	}
	s.Logger.Info("contest imported", "contest", done.Contest.ID, "problems", len(done.Contest.Problems),
		"accounts", len(done.Accounts), "submissions", done.Submissions, "by", v.Username)
	accounts := make([]gin.H, len(done.Accounts))
	for i, a := range done.Accounts {
		accounts[i] = gin.H{"username": a.Username}
		if a.Password != "" {
			accounts[i]["password"] = a.Password
		}
	}
	c.Header("Location", "/api/v1/contests/"+strconv.FormatInt(done.Contest.ID, 10))
	c.JSON(http.StatusCreated, gin.H{"contest": toContestJSON(done.Contest, s.Service.CCSNow()), "problems_created": nonNil(done.Problems),
		"accounts_created": accounts, "submissions": done.Submissions, "clarifications": done.Clarifications, "skipped": done.Skipped,
		"warnings": nonNil(done.Warnings)})
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// packageBody reads the uploaded package: a multipart field "file", or an
// application/zip body.
func (s *API) packageBody(c *gin.Context) ([]byte, bool) {
	if strings.HasPrefix(c.ContentType(), "application/zip") {
		data, err := io.ReadAll(io.LimitReader(c.Request.Body, contestpkg.MaxUpload+1))
		switch {
		case err != nil:
			s.writeError(c, err)
			return nil, false
		case len(data) > contestpkg.MaxUpload:
			s.writeError(c, judge.Errorf(httpx.ETOOLARGE, "the package is larger than %d bytes", contestpkg.MaxUpload))
			return nil, false
		}
		return data, true
	}
	return s.requiredFile(c, contestpkg.MaxUpload, "file: a multipart form with the contest package zip as the field \"file\" (or an application/zip body) is required")
}

// packageError answers a package refused by contestpkg.Read: 400 invalid,
// with the file, line and column beside the code and message.
func (s *API) packageError(c *gin.Context, err error) {
	var pe *contestpkg.Error
	if !errors.As(err, &pe) {
		s.writeError(c, err)
		return
	}
	detail := gin.H{"code": judge.EINVALID, "message": pe.Error(), "file": pe.File}
	if pe.Line > 0 {
		detail["line"] = pe.Line
	}
	if pe.Column > 0 {
		detail["column"] = pe.Column
	}
	c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": detail})
}
