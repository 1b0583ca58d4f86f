package api

import (
	"bytes"
	"mime"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// accountJSON is an account as instructors see it: the user as it sees
// itself, then what only an account's manager (or its owner, GET /me)
// reads. Password is there only when the judge generated it, in the answer
// that creates or resets it.
type accountJSON struct {
	userJSON
	Disabled  bool      `json:"disabled"`
	CreatedAt time.Time `json:"created_at"`
	// Language and TimeZone are the account's page settings ("" for none).
	Language string `json:"language"`
	TimeZone string `json:"time_zone"`
	Password string `json:"password,omitempty"`
}

func toAccountJSON(u judge.User, password string) accountJSON {
	return accountJSON{userJSON: toUserJSON(u), Disabled: u.Disabled, CreatedAt: u.CreatedAt,
		Language: u.Language, TimeZone: u.TimeZone, Password: password}
}

// me answers the caller's own account.
func (s *API) me(c *gin.Context) {
	c.JSON(http.StatusOK, toAccountJSON(httpx.Viewer(c), ""))
}

// preferencesRequest is the body of PATCH /me: absent fields stay, ""
// clears one.
type preferencesRequest struct {
	Language *string `json:"language"`
	TimeZone *string `json:"time_zone"`
}

// updateMe changes the caller's page language and time zone.
func (s *API) updateMe(c *gin.Context) {
	var req preferencesRequest
	if !s.readJSON(c, &req) {
		return
	}
	u, err := s.Service.SetPreferences(c.Request.Context(), httpx.Viewer(c), judge.Preferences{Language: req.Language, TimeZone: req.TimeZone})
	s.answer(c, http.StatusOK, err, func() any { return toAccountJSON(u, "") })
}

// listUsers lists every account, by id.
func (s *API) listUsers(c *gin.Context) {
	answerList(s, c, s.Service.Users, func(u judge.User) accountJSON { return toAccountJSON(u, "") })
}

// newUserRequest is the JSON body of POST /users.
type newUserRequest struct {
	Username string     `json:"username"`
	Password string     `json:"password"`
	Role     judge.Role `json:"role"`
}

// createUsers creates one account from a JSON body, or many from a CSV file
// uploaded as the multipart field "file" (with an optional field "role");
// both answer 201, the upload with {"users": [...]}.
func (s *API) createUsers(c *gin.Context) {
	ctx, viewer := c.Request.Context(), httpx.Viewer(c)
	if mt, _, _ := mime.ParseMediaType(c.GetHeader("Content-Type")); mt == "multipart/form-data" {
		data, ok := s.requiredFile(c, httpx.MaxBodyBytes, "the upload needs a CSV file in the multipart field \"file\"")
		if !ok {
			return
		}
		specs, err := service.ParseUserCSV(bytes.NewReader(data))
		if err != nil {
			s.writeError(c, err)
			return
		}
		made, err := s.Service.CreateUsers(ctx, viewer, specs, judge.Role(c.PostForm("role")))
		if err != nil {
			s.writeError(c, err)
			return
		}
		out := make([]accountJSON, len(made))
		for i, m := range made {
			out[i] = toAccountJSON(m.User, m.Password)
		}
		s.Logger.Info("accounts created from a CSV file", "by", viewer.Username, "count", len(made))
		c.JSON(http.StatusCreated, gin.H{"users": out})
		return
	}
	var req newUserRequest
	if !s.readJSON(c, &req) {
		return
	}
	made, err := s.Service.CreateUser(ctx, viewer, req.Username, req.Password, req.Role)
	if err != nil {
		s.writeError(c, err)
		return
	}
	s.Logger.Info("account created", "by", viewer.Username, "user", made.Username, "role", made.Role)
	c.JSON(http.StatusCreated, toAccountJSON(made.User, made.Password))
}

// userPatchRequest is the body of PATCH /users/{id}.
type userPatchRequest struct {
	Role     *judge.Role `json:"role"`
	Disabled *bool       `json:"disabled"`
}

// updateUser changes an account's role or disables it; 409 when no enabled
// instructor would remain.
func (s *API) updateUser(c *gin.Context) {
	var req userPatchRequest
	id, ok := s.pathIDAndJSON(c, "id", "user", &req)
	if !ok {
		return
	}
	u, err := s.Service.UpdateUser(c.Request.Context(), httpx.Viewer(c), id, judge.UserPatch{Role: req.Role, Disabled: req.Disabled})
	if err != nil {
		s.writeError(c, err)
		return
	}
	s.Logger.Info("account changed", "by", httpx.Viewer(c).Username, "user", u.Username, "role", u.Role, "disabled", u.Disabled)
	c.JSON(http.StatusOK, toAccountJSON(u, ""))
}

// resetPassword sets another account's password and ends its sessions: 204
// with a password given, 200 {"password"} when the judge generated one.
func (s *API) resetPassword(c *gin.Context) {
	id, ok := s.pathID(c, "id", "user")
	if !ok {
		return
	}
	var req struct {
		Password string `json:"password"`
	}
	if c.Request.ContentLength != 0 {
		if !s.readJSON(c, &req) {
			return
		}
	}
	pw, err := s.Service.ResetPassword(c.Request.Context(), httpx.Viewer(c), id, req.Password)
	if err != nil {
		s.writeError(c, err)
		return
	}
	s.Logger.Info("password reset", "by", httpx.Viewer(c).Username, "user_id", id)
	if pw != "" {
		c.JSON(http.StatusOK, gin.H{"password": pw})
		return
	}
	c.Status(http.StatusNoContent)
}

// changePassword changes the caller's own password: 204; every other token
// of the account stops working, the one of this request goes on.
func (s *API) changePassword(c *gin.Context) {
	var req struct {
		OldPassword string `json:"old_password"`
		NewPassword string `json:"new_password"`
	}
	if !s.readJSON(c, &req) {
		return
	}
	token, _ := bearerToken(c.GetHeader("Authorization"))
	s.noContent(c, s.Service.ChangePassword(c.Request.Context(), httpx.Viewer(c), token, req.OldPassword, req.NewPassword))
}
