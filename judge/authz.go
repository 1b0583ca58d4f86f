package judge

import (
	"slices"
	"strconv"
	"time"
)

// Who may do what is decided here, once, from the viewer that the service's
// methods take: the API, the pages and the command-line client only pass
// the user they authenticated, so they cannot disagree. The viewer is a
// User; its zero value (ID 0) is the anonymous visitor.
//
// The Can functions answer the question; the service's methods call them
// and turn a "no" into an error with Allow (EUNAUTHORIZED when nobody is
// logged in, EFORBIDDEN when someone is but may not) or into redacted data.
// Faces may call them too, to decide what to offer (a link, a form, a
// route), never to decide what to allow. Every rule is in this file.

// Allow is the one gate of the service: nil when may, else the error for
// v refused: EUNAUTHORIZED for the anonymous visitor (logging in may help),
// EFORBIDDEN with the message for anyone else.
func Allow(v User, may bool, format string, args ...any) error {
	switch {
	case may:
		return nil
	case v.Anonymous():
		return Errort(EUNAUTHORIZED, "login_needed", "this needs a logged-in user")
	}
	return Errorf(EFORBIDDEN, format, args...)
}

// Allowt is Allow with the refusal made by Errort: a message id, its
// English text and arguments, which a face may render in its reader's
// language.
func Allowt(v User, may bool, id, text string, args ...any) error {
	switch {
	case may:
		return nil
	case v.Anonymous():
		return Allow(v, may, "")
	}
	return Errort(EFORBIDDEN, id, text, args...)
}

// Anonymous reports whether the viewer is nobody in particular.
func (u User) Anonymous() bool { return u.ID == 0 }

// IsInstructor reports whether the viewer is a logged-in instructor.
func (u User) IsInstructor() bool { return !u.Anonymous() && u.Role == RoleInstructor }

// CanSignUp reports whether v may create a student account through
// Service.SignUp: anyone, logged in or not, while registration is open.
func CanSignUp(v User, open bool) bool { return open }

// CanSubmit reports whether v may submit answers, moves or a board to check:
// anyone logged in.
func CanSubmit(v User) bool { return !v.Anonymous() }

// CanReadSubmission reports whether v may read sub with its case rows: its
// owner and instructors.
func CanReadSubmission(v User, sub Submission) bool {
	return !v.Anonymous() && (v.ID == sub.UserID || v.IsInstructor())
}

// CanReadTeamSubmission reports whether v may read sub, a submission
// naming contest c, as a member of the team its author is in: any member
// reads the team's submissions.
func CanReadTeamSubmission(v User, c Contest, sub Submission) bool {
	if v.Anonymous() || sub.ContestID != c.ID {
		return false
	}
	t, ok := c.TeamOf(v.Username)
	return ok && t.Has(sub.Username)
}

// CanListSubmissions reports whether v may list or read submissions at
// all: anyone logged in, who sees their own (see CanListAllSubmissions and
// CanReadSubmission).
func CanListSubmissions(v User) bool { return !v.Anonymous() }

// CanListAllSubmissions reports whether v may list everyone's submissions
// and filter them by user; other viewers see only their own.
func CanListAllSubmissions(v User) bool { return v.IsInstructor() }

// CanReadExpected reports whether v may read the expected answer of c, and
// the progress of its running solve (whose depth bound is a lower bound of
// the optimum, so the answer in part): anyone for a sample, instructors for
// every case.
func CanReadExpected(v User, c Case) bool { return c.Sample || v.IsInstructor() }

// CanEditCases reports whether v may add or delete the cases of a problem.
func CanEditCases(v User) bool { return v.IsInstructor() }

// CanRejudge reports whether v may queue a problem's submissions again.
func CanRejudge(v User) bool { return v.IsInstructor() }

// RedactCase returns c as v may see it: without its expected answer and
// progress (and marked Redacted) unless CanReadExpected. The service
// applies it to every case it returns.
func RedactCase(v User, c Case) Case {
	if CanReadExpected(v, c) {
		return c
	}
	c.Expected, c.Progress, c.Redacted = Solution{}, "", true
	return c
}

// CanReadCaseName reports whether v may read the name c was given: anyone
// for a sample, instructors for every case. A hidden case's name often says
// its answer ("09-four-moves-unsolvable"), so everyone else reads it as
// HiddenCaseName.
func CanReadCaseName(v User, c Case) bool { return c.Sample || v.IsInstructor() }

// HiddenCaseName is the name a hidden case is shown under to those who may
// not read its own: "board 7", by its position.
func HiddenCaseName(position int) string { return "board " + strconv.Itoa(position) }

// CaseNameFor returns the name of c as v may read it (CanReadCaseName).
func CaseNameFor(v User, c Case) string {
	if CanReadCaseName(v, c) {
		return c.Name
	}
	return HiddenCaseName(c.Position)
}

// CanReadInput reports whether v may download the board of c, a case of p:
// anyone for a sample, instructors for every case, and anyone for every
// case of a problem that takes answers (an answer is judged on every board,
// so they cannot stay secret). A problem that takes only moves and programs
// keeps its hidden boards to itself: moves are taken on its samples only,
// programs run on the rest in the sandbox.
func CanReadInput(v User, p Problem, c Case) bool {
	return c.Sample || v.IsInstructor() || p.TakesAnswers()
}

// CaseFor returns c, a case of p, as v may see it: RedactCase, its name as
// CaseNameFor, and its board withheld (Input "", Secret) unless
// CanReadInput. The service applies it to every case of a problem it
// returns to a viewer.
func CaseFor(v User, p Problem, c Case) Case {
	c = RedactCase(v, c)
	if !CanReadCaseName(v, c) {
		c.Name = HiddenCaseName(c.Position)
	}
	if !CanReadInput(v, p, c) {
		c.Input, c.Secret = "", true
	}
	return c
}

// CanSubmitKind reports whether p takes submissions of kind k from v:
// whatever its kinds are, only those (Problem.Takes), for everyone.
// Instructors are held to them too, so that what they try is what students
// get.
func CanSubmitKind(v User, p Problem, k Kind) bool { return p.Takes(k) }

// CanSubmitMoves reports whether v may send moves for c, a case of p: on
// a board v may download (CanReadInput), since the verdict of moves on a
// secret board would give the board away move by move.
func CanSubmitMoves(v User, p Problem, c Case) bool { return CanReadInput(v, p, c) }

// CanReadOptimum reports whether v may read the optimum of c, a case of p,
// in the verdicts of moves on it (shown is OptimaShown): anyone on a
// sample, instructors on every case, anyone on a problem that takes no
// answers (its hidden boards take no moves from students, see
// CanSubmitMoves), and anyone once shown. A case no longer in the problem
// counts as hidden.
func CanReadOptimum(v User, p Problem, c Case, shown bool) bool {
	return c.Sample || v.IsInstructor() || !p.TakesAnswers() || shown
}

// CanReadRunDetails reports whether v may read what a program's run on c
// said beyond its verdict and figures (the checker's message, the exit
// status, the moves it used): anyone on a sample, instructors on every
// case (judge/hidden.go says why). The result of a program that is not a
// board's (its compile, a failure of the sandbox) has no case and is read
// in full.
func CanReadRunDetails(v User, c Case) bool { return c.Sample || v.IsInstructor() }

// CanReadRunOutput reports whether v may read what a program of sub
// printed on c, its standard error and c's reference answer
// (CaseResult.Run): on a sample board, those who may read sub (its author
// and instructors). On a hidden board nobody, instructors included: a
// program's output may be its input, so none of it is even kept.
func CanReadRunOutput(v User, sub Submission, c Case) bool {
	return c.Sample && CanReadSubmission(v, sub)
}

// CanRun reports whether v may run a program on an input of their own
// (Service.Run): anyone logged in, on a problem that takes programs
// (CanSubmitKind). A run is never graded nor listed.
func CanRun(v User) bool { return !v.Anonymous() }

// ResultFor returns r, the result of a case that is a sample or not in a
// submission of kind k, as v may read it: the case named as v may read it,
// and a program's run told as CanReadRunDetails lets v (HideRunDetails).
// A program's compile result names no board, so it is named "compile" for
// everyone and hides nothing.
func ResultFor(v User, k Kind, sample bool, r CaseResult) CaseResult {
	if r.IsCompileResult() {
		r.CaseName = CompileCaseName
		return r
	}
	if !CanReadCaseName(v, Case{Sample: sample}) {
		r.CaseName = HiddenCaseName(r.Position)
	}
	if k == KindProgram && r.CaseID != 0 && !CanReadRunDetails(v, Case{Sample: sample}) {
		r = HideRunDetails(r)
	}
	return r
}

// CanCheckAnyBoard reports whether v may send any board to Check, hidden
// cases and boards beyond the check limits included: instructors.
func CanCheckAnyBoard(v User) bool { return v.IsInstructor() }

// CanManageCourses reports whether v may create, change and delete
// assignments, read everyone's progress and export grades.
func CanManageCourses(v User) bool { return v.IsInstructor() }

// CanManageAccounts reports whether v may list, create, reset, promote,
// demote and disable accounts.
func CanManageAccounts(v User) bool { return v.IsInstructor() }

// CanSeeAssignment reports whether v may see a at now: instructors always,
// anyone else once it has opened (and after its deadline too).
func CanSeeAssignment(v User, a Assignment, now time.Time) bool {
	return v.IsInstructor() || a.OpenFor(now)
}

// AssignmentFor returns a as v may see its problems: a problem v may not
// open (see Problem.VisibleTo) is marked Unavailable and its title
// withheld. It stays in the list, with its weight and the viewer's score,
// so that the total a student reads is the one the gradebook has.
func AssignmentFor(v User, a Assignment) Assignment {
	ps := slices.Clone(a.Problems)
	for i, ap := range ps {
		if !(Problem{Draft: ap.Draft, Archived: ap.Archived}).VisibleTo(v) {
			ps[i].Title, ps[i].TitleZH, ps[i].Unavailable = "", "", true
		}
	}
	a.Problems = ps
	return a
}

// CanAuthor reports whether v may create, edit, archive, import and export
// problems and generate their boards.
func CanAuthor(v User) bool { return v.IsInstructor() }

// CanSetHints reports whether v may turn a problem's hints on or off.
func CanSetHints(v User) bool { return v.IsInstructor() }

// CanAskHints reports whether v may ask for hints at all: anyone logged in
// (each hint is counted against the asker); CanHint says on which boards.
func CanAskHints(v User) bool { return !v.Anonymous() }

// CanHint reports whether v may ask for a hint on c: a logged-in user, on a
// sample board only, since a chain of hints on a hidden board would give
// its answer away.
func CanHint(v User, c Case) bool { return CanAskHints(v) && c.Sample }

// CanReadHintCount reports whether v may read how many hints the user
// userID was given: that user and instructors.
func CanReadHintCount(v User, userID int64) bool {
	return !v.Anonymous() && (v.ID == userID || v.IsInstructor())
}

// CanReadProgress reports whether v may read the progress of an
// assignment: anyone logged in, who reads their own row unless
// CanManageCourses.
func CanReadProgress(v User) bool { return !v.Anonymous() }

// CanChangePassword reports whether v may change their own password:
// anyone logged in (CanManageAccounts resets anyone's).
func CanChangePassword(v User) bool { return !v.Anonymous() }

// CanSetPreferences reports whether v may change their own language and
// time zone: anyone logged in.
func CanSetPreferences(v User) bool { return !v.Anonymous() }

// CanManageContests reports whether v may create and change contests,
// read their live board through a freeze and unfreeze it: the jury, who
// are the instructors.
func CanManageContests(v User) bool { return v.IsInstructor() }

// IsContestant reports whether v takes part in c: a logged-in user who is
// a participant, or anyone logged in when c is open to everyone.
func IsContestant(v User, c Contest) bool { return !v.Anonymous() && c.Takes(v.Username) }

// CanSubmitInContest reports whether v may submit to c at now, naming it:
// a contestant, from the start on. After the end a submission is taken as
// practice (Contest.Counts), not refused.
func CanSubmitInContest(v User, c Contest, now time.Time) bool {
	return IsContestant(v, c) && c.Started(now)
}

// CanSeeContestProblems reports whether v may read c's problem list at
// now: the jury always, anyone else once it has started.
func CanSeeContestProblems(v User, c Contest, now time.Time) bool {
	return CanManageContests(v) || c.Started(now)
}

// CanSeeBoard reports whether v may read c's scoreboard: anyone when it is
// public, else its contestants and the jury.
func CanSeeBoard(v User, c Contest) bool {
	return c.Public || CanManageContests(v) || IsContestant(v, c)
}

// CanReadMetrics reports whether v may read the server's Prometheus
// figures (/metrics): an instructor. They count verdicts as they are
// given, frozen contests' included, so they are the jury's; a scraper
// without an account uses the configured metrics token instead.
func CanReadMetrics(v User) bool { return v.IsInstructor() }

// CanSeeContest reports whether v may learn that c exists and read its
// details (GET /api/v1/contests/{id}, the contest's page, the list): those
// who may read its board (CanSeeBoard, as the Contest API), and anyone
// logged in who may join it with its code, who must find it to join (they
// read it without its problems: ContestFor). Everyone else is told it does
// not exist.
func CanSeeContest(v User, c Contest) bool { return CanSeeBoard(v, c) || CanJoinContest(v, c) }

// CanSeeLiveBoard reports whether v reads c's board unfrozen during a
// freeze: the jury.
func CanSeeLiveBoard(v User) bool { return CanManageContests(v) }

// CanJoinContest reports whether v may join c with its registration code:
// anyone logged in, when c has one.
func CanJoinContest(v User, c Contest) bool { return !v.Anonymous() && c.RegistrationCode != "" }

// CanAskClarification reports whether v may ask the jury of c a question
// at now: a contestant, from the start to the end of the contest.
func CanAskClarification(v User, c Contest, now time.Time) bool {
	return IsContestant(v, c) && c.Running(now)
}

// CanAnswerClarifications reports whether v writes for the jury of a
// contest: answers and announcements, at any time.
func CanAnswerClarifications(v User) bool { return CanManageContests(v) }

// CanReadClarifications reports whether v reads a contest's clarifications
// (each one as ClarificationVisible says): its contestants and the jury.
func CanReadClarifications(v User, c Contest) bool {
	return CanManageContests(v) || IsContestant(v, c)
}

// ClarificationVisible reports whether v reads the message m of contest
// c: the jury all, a contestant their team's questions, the answers to
// them and what goes to all.
func ClarificationVisible(v User, c Contest, m Clarification) bool {
	if CanManageContests(v) {
		return true
	}
	if v.Anonymous() {
		return false
	}
	if m.ToAll() || m.FromUserID == v.ID || m.ToUserID == v.ID {
		return true
	}
	t, ok := c.TeamOf(v.Username)
	return ok && (m.FromUserID != 0 && t.Has(m.FromUsername) || m.ToUserID != 0 && t.Has(m.ToUsername))
}

// ContestFor returns c as v may see it at now: the problems withheld
// before the start (CanSeeContestProblems) and from one who may only join
// a private contest (CanSeeContest), the participants and the
// registration code from everyone but the jury, the teams as TeamsFor (none
// to one who may not read the board), and a problem v may not
// open kept under its label without its title.
func ContestFor(v User, c Contest, now time.Time) Contest {
	problems := CanSeeContestProblems(v, c, now) && CanSeeBoard(v, c)
	if !CanManageContests(v) {
		var teams []ContestTeam
		if CanSeeBoard(v, c) {
			teams = TeamsFor(v, c)
		}
		c.Participants, c.RegistrationCode, c.Teams = nil, "", teams
	}
	if !problems {
		c.Problems = nil
		return c
	}
	ps := slices.Clone(c.Problems)
	for i, p := range ps {
		if !(Problem{Draft: p.Draft, Archived: p.Archived}).VisibleTo(v) {
			ps[i].Title, ps[i].TitleZH = "", ""
		}
	}
	c.Problems = ps
	return c
}

// CanCompareSources reports whether v may ask for similarity reports and
// read them, with the sources side by side: instructors only, since a
// report shows every student's program and names them.
func CanCompareSources(v User) bool { return v.IsInstructor() }

// CanSeeHiddenTeams reports whether v reads the teams of hidden groups
// (observers) on a contest's board and in its teams: the jury. Everyone
// else's board leaves them out, ranks and first solves included.
func CanSeeHiddenTeams(v User) bool { return CanManageContests(v) }

// TeamsFor returns the teams of c as v may read them: the jury all, with
// their members; anyone else the teams the board they read shows (not
// those of a hidden group, but their own), with the members of their own
// team only (the members of the others are the participants' list, which
// is the jury's).
func TeamsFor(v User, c Contest) []ContestTeam {
	if CanManageContests(v) {
		return c.Teams
	}
	hidden := CanSeeHiddenTeams(v)
	out := make([]ContestTeam, 0, len(c.Teams))
	for _, t := range c.Teams {
		own := !v.Anonymous() && t.Has(v.Username)
		if c.HiddenTeam(t) && !own && !hidden {
			continue
		}
		if !own {
			t.Members = nil
		}
		out = append(out, t)
	}
	return out
}
