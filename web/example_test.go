package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/octalgames/kayles/web"
)

// A server mounts the handler under /kayles/ and plays Kayles against the computer through
// the JSON API.
func Example() {
	h, err := web.New(web.Config{})
	if err != nil {
		panic(err)
	}
	defer h.Close()
	mux := http.NewServeMux()
	mux.Handle("/kayles/", http.StripPrefix("/kayles", h))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	resp, err := http.Post(srv.URL+"/kayles/api/tables", "application/json",
		strings.NewReader(`{"game": "kayles", "start": [7], "opponent": "perfect"}`))
	if err != nil {
		panic(err)
	}
	var c web.Created
	json.NewDecoder(resp.Body).Decode(&c)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, c.Table.Name, c.Table.Rows, "against", c.Table.Seats[1].Level)

	// Knock down the middle pin, which wins: the computer replies at once.
	req, _ := http.NewRequest("POST", srv.URL+"/kayles/api/tables/"+c.Table.ID+"/moves",
		strings.NewReader(`{"turn": 0, "text": "4"}`))
	req.Header.Set("Authorization", "Bearer "+c.Token)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	var v web.View
	json.NewDecoder(resp.Body).Decode(&v)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, "turn", v.Turn, "first move:", v.History[0].Text)
	// Output:
	// 201 Kayles [[true true true true true true true]] against perfect
	// 200 turn 2 first move: pin 4
}
