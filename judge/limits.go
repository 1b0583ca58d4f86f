package judge

// Bounds of accounts. bcrypt reads at most 72 bytes of a password.
const (
	MinUsername = 3
	MaxUsername = 32
	MinPassword = 8
	MaxPassword = 72
)

// Bounds of what an instructor may write into a problem.
const (
	MaxTitleBytes     = 200
	MaxStatementBytes = 256 << 10
	MaxSlugBytes      = 64
)

// Bounds of what instructors and the catalogue may store.
const (
	MaxCaseBytes = 64 << 10
	MaxCases     = 1000
)

// MaxPayloadBytes bounds an answer or move text.
const MaxPayloadBytes = 1 << 20

// MaxTokenName bounds a token's name.
const MaxTokenName = 100
