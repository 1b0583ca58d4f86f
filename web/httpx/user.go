package httpx

import (
	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
)

// userKey is the gin context key under which the authenticated user is kept.
const userKey = "puzzlejudge.user"

// CurrentUser returns the user authenticated for this request, if any: by a
// Bearer token for the API, by the session cookie for the pages.
func CurrentUser(c *gin.Context) (judge.User, bool) {
	v, ok := c.Get(userKey)
	if !ok {
		return judge.User{}, false
	}
	u, ok := v.(judge.User)
	return u, ok
}

// Viewer returns the user of the request as the service's viewer: the
// zero User (anonymous) when nobody is authenticated.
func Viewer(c *gin.Context) judge.User {
	u, _ := CurrentUser(c)
	return u
}

// SetUser records the authenticated user of the request. Each face
// authenticates in its own way (a Bearer token, a session cookie) and calls
// it, so that CurrentUser works the same in both.
func SetUser(c *gin.Context, u judge.User) { c.Set(userKey, u) }
