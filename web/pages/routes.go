package pages

import (
	"io/fs"
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/web/httpx"
)

// The pages' routes, all in one place as gotify's router is (STYLE.md), so
// that a reader finds every address a browser may ask for, and its
// handler, without opening the file of each feature.

// Register adds the page routes to r. The session middleware runs on each
// of them (not router-wide), so the JSON API keeps its Bearer tokens only and
// a cookie can never authorise an API call made by another site.
func (p *Pages) Register(r gin.IRouter) {
	p.init()
	static, _ := fs.Sub(staticFS, "static")
	getAndHead(r, "/static/*filepath", httpx.Gzip(), staticFiles(http.FS(static)))

	// The language switch checks its form token itself (setLanguage).
	r.POST("/language", p.headers(), p.session(), p.localize(), p.setLanguage)
	g := r.Group("/", httpx.Gzip(), p.headers(), p.session(), p.localize(), p.csrf())
	getAndHead(g, "/", p.problemList)
	getAndHead(g, "/login", p.loginForm)
	g.POST("/login", p.login)
	getAndHead(g, "/register", p.registerForm)
	g.POST("/register", p.register)
	g.POST("/logout", p.logout)

	// Problems, submissions and play.
	getAndHead(g, "/problems/:slug", p.problemPage)
	g.POST("/problems/:slug/submissions", p.submit)
	g.POST("/problems/:slug/run", p.runProgram)
	getAndHead(g, "/problems/:slug/submissions", p.problemSubmissions)
	getAndHead(g, "/submissions", p.submissionList)
	getAndHead(g, "/submissions/:id", p.submissionPage)
	getAndHead(g, "/submissions/:id/replay", p.replayPage)
	getAndHead(g, "/submissions/:id/replay/steps", p.replayStepsPage)
	getAndHead(g, "/problems/:slug/play/:case", p.playPage)
	getAndHead(g, "/play/board", p.boardSVG)
	getAndHead(g, "/play/move", p.playMove)
	g.POST("/problems/:slug/play/:case/hint", p.hint)
	g.POST("/problems/:slug/hints", p.setHints)

	// Authoring: boards, problems, generations, packages.
	getAndHead(g, "/problems/:slug/cases", p.casesPage)
	g.POST("/problems/:slug/cases", p.addCase)
	g.POST("/problems/:slug/cases/:id/delete", p.deleteCase)
	g.POST("/problems/:slug/rejudge", p.rejudge)

	getAndHead(g, "/problems/new", p.newProblemPage)
	g.POST("/problems/new", p.createProblem)
	getAndHead(g, "/problems/:slug/edit", p.editProblemPage)
	g.POST("/problems/:slug/edit", p.editProblem)
	g.POST("/problems/:slug/archive", p.archiveProblem)
	g.POST("/problems/:slug/cases/generate", p.generate)
	getAndHead(g, "/problems/:slug/generations/:id", p.generationPage)
	g.POST("/problems/:slug/generations/:id/cancel", p.cancelGeneration)
	getAndHead(g, "/problems/:slug/package.zip", p.exportPackage)
	getAndHead(g, ImportPath, p.importPage)
	g.POST(ImportPath, p.importPackage)

	// Courses (issue 13): assignments, progress, grades and accounts.
	getAndHead(g, "/assignments", p.assignmentList)
	g.POST("/assignments", p.createAssignment)
	getAndHead(g, "/assignments/:id", p.assignmentPage)
	g.POST("/assignments/:id/edit", p.editAssignment)
	g.POST("/assignments/:id/delete", p.deleteAssignment)
	getAndHead(g, "/assignments/:id/progress", p.progressPage)
	getAndHead(g, "/assignments/:id/progress/:slug", p.boardsPage)
	getAndHead(g, "/assignments/:id/grades.csv", p.gradesCSV)

	getAndHead(g, "/users", p.usersPage)
	g.POST("/users", p.createUsers)
	g.POST("/users/:id", p.updateUser)
	g.POST("/users/:id/password", p.resetPassword)
	getAndHead(g, "/me/password", p.passwordForm)
	g.POST("/me/password", p.changePassword)
	getAndHead(g, "/me/settings", p.settingsPage)
	g.POST("/me/settings", p.saveSettings)

	// Contests (issue 25), their boards and their clarifications.
	getAndHead(g, "/contests", p.contestList)
	g.POST("/contests", p.createContest)
	getAndHead(g, "/contests/:id", p.contestPage)
	g.POST("/contests/:id/edit", p.editContest)
	g.POST("/contests/:id/unfreeze", p.unfreezeContest)
	g.POST("/contests/:id/join", p.joinContest)
	g.POST("/contests/:id/teams", p.importTeams)
	getAndHead(g, "/contests/:id/scoreboard", p.scoreboardPage)
	getAndHead(g, "/contests/:id/scoreboard.csv", p.scoreboardExport(true))
	getAndHead(g, "/contests/:id/scoreboard.json", p.scoreboardExport(false))
	getAndHead(g, "/contests/:id/clarifications", p.clarificationsPage)
	g.POST("/contests/:id/clarifications", p.postClarification)
	g.POST("/contests/:id/clarifications/read", p.readClarifications)

	// Similarity (issue 36), instructors only.
	getAndHead(g, "/similarity", p.similarityList)
	g.POST("/similarity", p.askSimilarity)
	getAndHead(g, "/similarity/:id", p.similarityReport)
	getAndHead(g, "/similarity/:id/pairs.csv", p.similarityCSV)
	getAndHead(g, "/similarity/:id/pairs/:pair", p.similarityPair)
}
