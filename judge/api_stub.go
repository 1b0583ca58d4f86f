package judge

import "context"

var errNotImplemented = Errorf(EINTERNAL, "not implemented yet")

func builtinPuzzles() []Puzzle { return nil }

// Start recovers from a crash (judging -> pending, solving cases solved
// again), then starts the workers and solvers.
func (s *Service) Start(ctx context.Context) error { return errNotImplemented }

// Close stops taking work and waits for the work in hand, bounded by ctx.
func (s *Service) Close(ctx context.Context) error { return nil }

// Register creates an account.
func (s *Service) Register(ctx context.Context, username, password string, role Role) (User, error) {
	return User{}, errNotImplemented
}

// Authenticate returns the user with that username and password.
func (s *Service) Authenticate(ctx context.Context, username, password string) (User, error) {
	return User{}, errNotImplemented
}

// IssueToken returns a new API token for userID.
func (s *Service) IssueToken(ctx context.Context, userID int64) (string, error) {
	return "", errNotImplemented
}

// UserByToken returns the owner of an API token.
func (s *Service) UserByToken(ctx context.Context, token string) (User, error) {
	return User{}, errNotImplemented
}

// EnsureAdmin creates the instructor "admin" when no user exists.
func (s *Service) EnsureAdmin(ctx context.Context, password string) (created bool, pw string, err error) {
	return false, "", errNotImplemented
}

// SyncProblem stores a problem of the shipped catalogue.
func (s *Service) SyncProblem(ctx context.Context, p Problem, cases []CaseSpec) error {
	return errNotImplemented
}

// Problems lists the problems.
func (s *Service) Problems(ctx context.Context) ([]ProblemSummary, error) {
	return nil, errNotImplemented
}

// Problem returns a problem and its cases in order.
func (s *Service) Problem(ctx context.Context, slug string) (Problem, []Case, error) {
	return Problem{}, nil, errNotImplemented
}

// JudgeInput returns all cases of a problem as one classic input.
func (s *Service) JudgeInput(ctx context.Context, slug string) (string, error) {
	return "", errNotImplemented
}

// AddCase adds a case to a problem.
func (s *Service) AddCase(ctx context.Context, slug string, spec CaseSpec) (Case, error) {
	return Case{}, errNotImplemented
}

// Case returns one case of a problem.
func (s *Service) Case(ctx context.Context, slug string, id int64) (Case, error) {
	return Case{}, errNotImplemented
}

// DeleteCase removes a case from a problem.
func (s *Service) DeleteCase(ctx context.Context, slug string, id int64) error {
	return errNotImplemented
}

// Rejudge queues the submissions of a problem again.
func (s *Service) Rejudge(ctx context.Context, slug string) (int, error) {
	return 0, errNotImplemented
}

// Submit stores a submission as pending.
func (s *Service) Submit(ctx context.Context, sub Submission) (Submission, error) {
	return Submission{}, errNotImplemented
}

// Submission returns a submission with its results.
func (s *Service) Submission(ctx context.Context, id int64) (Submission, error) {
	return Submission{}, errNotImplemented
}

// Submissions lists submissions newest first, with the total count.
func (s *Service) Submissions(ctx context.Context, f SubmissionFilter) ([]Submission, int, error) {
	return nil, 0, errNotImplemented
}

// Check judges a move text on one board now.
func (s *Service) Check(ctx context.Context, userID int64, puzzle, board, moves string) (CheckResult, error) {
	return CheckResult{}, errNotImplemented
}

// BestVerdicts returns the best verdict of a user per problem slug.
func (s *Service) BestVerdicts(ctx context.Context, userID int64) (map[string]Verdict, error) {
	return nil, errNotImplemented
}

// Ping checks the database.
func (s *Service) Ping(ctx context.Context) error { return s.store.Ping(ctx) }

// QueueLength returns the number of submissions waiting or being judged.
func (s *Service) QueueLength(ctx context.Context) (int, error) { return s.store.QueueLength(ctx) }
