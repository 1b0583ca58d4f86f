package service

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"puzzlejudge/judge"
)

// API tokens (and page sessions, which hold one) expire Config.TokenTTL
// after their last use: each use extends them (a sliding expiry), at most
// once a minute so that reading pages does not write to the database on
// every request. Before, tokens never expired and every login added one.

// touchEvery is how stale a token's last use may be before a use records it.
const touchEvery = time.Minute

// IssueToken returns a new random API token of userID, named name (which
// may be empty). Only its sha256 hash is stored, so a leaked database does
// not leak usable tokens. The user's expired tokens are deleted meanwhile.
func (s *Service) IssueToken(ctx context.Context, userID int64, name string) (string, error) {
	name = strings.TrimSpace(name)
	if len(name) > judge.MaxTokenName {
		return "", judge.Errorf(judge.EINVALID, "the token name has more than %d bytes", judge.MaxTokenName)
	}
	if err := validText(fieldTokenName, name, judge.MaxTokenName); err != nil {
		return "", err
	}
	now := time.Now().UTC()
	if err := s.store.DeleteExpiredTokens(ctx, userID, now, now.Add(-s.cfg.TokenTTL)); err != nil {
		return "", err
	}
	var raw [32]byte
	rand.Read(raw[:])
	token := hex.EncodeToString(raw[:])
	expires := now.Add(s.cfg.TokenTTL)
	if _, err := s.store.CreateToken(ctx, judge.Token{UserID: userID, Name: name, ExpiresAt: &expires}, tokenHash(token)); err != nil {
		return "", err
	}
	return token, nil
}

// UserByToken returns the owner of an API token and extends its life;
// EUNAUTHORIZED when the token is unknown or expired.
func (s *Service) UserByToken(ctx context.Context, token string) (judge.User, error) {
	if token == "" || len(token) > 256 {
		return judge.User{}, judge.Errorf(judge.EUNAUTHORIZED, "unknown token")
	}
	u, t, err := s.store.TokenByHash(ctx, tokenHash(token))
	if judge.ErrorCode(err) == judge.ENOTFOUND {
		return judge.User{}, judge.Errorf(judge.EUNAUTHORIZED, "unknown token")
	}
	if err != nil {
		return judge.User{}, err
	}
	now := time.Now().UTC()
	if !now.Before(s.expiry(t)) {
		return judge.User{}, judge.Errorf(judge.EUNAUTHORIZED, "this token has expired: ask for a new one with POST /api/v1/tokens")
	}
	if t.LastUsedAt == nil || now.Sub(*t.LastUsedAt) >= touchEvery {
		if err := s.store.TouchToken(ctx, t.ID, now, now.Add(s.cfg.TokenTTL)); err != nil {
			// The token is good; failing to extend it is no reason to
			// refuse this request.
			s.log.Warn("recording a token's use", "token", t.ID, "err", err)
		}
	}
	return u, nil
}

// expiry is when t expires: its ExpiresAt, or for a token of an older
// database without one, TokenTTL after its last use or creation.
func (s *Service) expiry(t judge.Token) time.Time {
	if t.ExpiresAt != nil {
		return *t.ExpiresAt
	}
	from := t.CreatedAt
	if t.LastUsedAt != nil {
		from = *t.LastUsedAt
	}
	return from.Add(s.cfg.TokenTTL)
}

// Tokens lists the viewer's own tokens, newest first, each with its expiry.
func (s *Service) Tokens(ctx context.Context, viewer judge.User) ([]judge.Token, error) {
	if viewer.ID == 0 {
		return nil, judge.Errorf(judge.EUNAUTHORIZED, "no user")
	}
	ts, err := s.store.Tokens(ctx, viewer.ID)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	out := ts[:0]
	for _, t := range ts {
		exp := s.expiry(t)
		if now.Before(exp) {
			t.ExpiresAt = &exp
			out = append(out, t)
		}
	}
	return out, nil
}

// RevokeTokenID deletes one of the viewer's own tokens; ENOTFOUND for the
// id of another user's token, which the viewer may not learn exists.
func (s *Service) RevokeTokenID(ctx context.Context, viewer judge.User, id int64) error {
	if viewer.ID == 0 {
		return judge.Errorf(judge.EUNAUTHORIZED, "no user")
	}
	err := s.store.DeleteUserToken(ctx, viewer.ID, id)
	if judge.ErrorCode(err) == judge.ENOTFOUND {
		return judge.Errorf(judge.ENOTFOUND, "you have no token %d", id)
	}
	return err
}

// RevokeToken deletes an API token, so that it authenticates no more (a
// logout); EUNAUTHORIZED when the token is unknown, already revoked or not.
func (s *Service) RevokeToken(ctx context.Context, token string) error {
	if token == "" || len(token) > 256 {
		return judge.Errorf(judge.EUNAUTHORIZED, "unknown token")
	}
	err := s.store.DeleteToken(ctx, tokenHash(token))
	if judge.ErrorCode(err) == judge.ENOTFOUND {
		return judge.Errorf(judge.EUNAUTHORIZED, "unknown token")
	}
	return err
}

func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}
