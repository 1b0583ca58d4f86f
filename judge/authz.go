package judge

// Who may do what is decided here, once, from the viewer that the service's
// methods take: the API, the pages and the command-line client only pass
// the user they authenticated, so they cannot disagree. The viewer is a
// User; its zero value (ID 0) is the anonymous visitor.
//
// The Can functions answer the question; the service's methods call them
// and turn a "no" into EUNAUTHORIZED (nobody is logged in), EFORBIDDEN
// (someone is, but may not) or redacted data. Faces may call them too, to
// decide what to offer (a link, a form), never to decide what to allow.

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

// CanListSubmissions reports whether v may list submissions at all: anyone
// logged in, who sees their own (see CanListAllSubmissions).
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

// deny returns the error for a viewer refused what: EUNAUTHORIZED for the
// anonymous visitor (logging in may help), EFORBIDDEN for anyone else.
func deny(v User, format string, args ...any) error {
	if v.Anonymous() {
		return Errorf(EUNAUTHORIZED, "this needs a logged-in user")
	}
	return Errorf(EFORBIDDEN, format, args...)
}

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

// CanCheckAnyBoard reports whether v may send any board to Check, hidden
// cases and boards beyond the check limits included: instructors.
func CanCheckAnyBoard(v User) bool { return v.IsInstructor() }
