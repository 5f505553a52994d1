/// The OpenAPI 3.0 document of the site's API, served at `/api/openapi.json`. A test checks it against the answers
/// of a running site, and `.ci/run` fuzzes the site from it with schemathesis.
enum OpenAPIDocument {
    static let json = #"""
        {
          "openapi": "3.0.3",
          "info": {
            "title": "Switchyard link site",
            "version": "1.0.0",
            "description": "Short links that open the app: the public lookup and claim redemption the app uses, and the admin API."
          },
          "servers": [{"url": "/"}],
          "components": {
            "securitySchemes": {"token": {"type": "http", "scheme": "bearer"}},
            "parameters": {
              "slug": {
                "name": "slug", "in": "path", "required": true,
                "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}
              }
            },
            "schemas": {
              "Error": {
                "type": "object", "required": ["error"],
                "properties": {
                  "error": {
                    "type": "object", "required": ["code", "message"],
                    "properties": {
                      "code": {"type": "string"},
                      "message": {"type": "string"},
                      "problems": {
                        "type": "array",
                        "items": {
                          "type": "object", "required": ["field", "code", "message"],
                          "properties": {
                            "field": {"type": "string"}, "code": {"type": "string"}, "message": {"type": "string"}
                          }
                        }
                      }
                    }
                  }
                }
              },
              "LinkRequest": {
                "description": "A key the schema does not name is refused with 400 and the code unknownKey, wherever it is: at the top or inside utm. A value that breaks a rule is refused with 422, every problem at its field.",
                "type": "object", "additionalProperties": false,
                "properties": {
                  "slug": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
                  "target": {"type": "string", "maxLength": 2048},
                  "ios": {"type": "string", "maxLength": 2048},
                  "android": {"type": "string", "maxLength": 2048},
                  "desktop": {"type": "string", "maxLength": 2048},
                  "title": {"type": "string", "maxLength": 200},
                  "description": {"type": "string", "maxLength": 500},
                  "imageURL": {"type": "string", "maxLength": 2048},
                  "utm": {
                    "type": "object", "additionalProperties": false,
                    "properties": {
                      "source": {"type": "string"}, "medium": {"type": "string"}, "campaign": {"type": "string"},
                      "term": {"type": "string"}, "content": {"type": "string"}
                    }
                  },
                  "expiresAt": {"type": "string", "format": "date-time"},
                  "disabled": {"type": "boolean"},
                  "tags": {"type": "array", "maxItems": 20, "items": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,32}$"}}
                }
              },
              "Link": {
                "type": "object",
                "required": ["slug", "link", "target", "utm", "disabled", "tags", "createdAt", "updatedAt"],
                "properties": {
                  "slug": {"type": "string"}, "link": {"type": "string"}, "target": {"type": "string"},
                  "ios": {"type": "string"}, "android": {"type": "string"}, "desktop": {"type": "string"},
                  "title": {"type": "string"}, "description": {"type": "string"}, "imageURL": {"type": "string"},
                  "utm": {"type": "object", "additionalProperties": {"type": "string"}},
                  "expiresAt": {"type": "string", "format": "date-time"},
                  "disabled": {"type": "boolean"},
                  "tags": {"type": "array", "items": {"type": "string"}},
                  "createdAt": {"type": "string", "format": "date-time"},
                  "updatedAt": {"type": "string", "format": "date-time"}
                }
              },
              "Page": {
                "type": "object", "required": ["links"],
                "properties": {
                  "links": {"type": "array", "items": {"$ref": "#/components/schemas/Link"}},
                  "next": {"type": "string"}
                }
              },
              "Stats": {
                "type": "object", "required": ["slug", "total", "days"],
                "properties": {
                  "slug": {"type": "string"},
                  "total": {"type": "integer", "minimum": 0},
                  "days": {
                    "type": "array",
                    "items": {
                      "type": "object", "required": ["day", "platform", "clicks"],
                      "properties": {
                        "day": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
                        "platform": {"type": "string", "enum": ["ios", "android", "desktop", "bot"]},
                        "clicks": {"type": "integer", "minimum": 1}
                      }
                    }
                  },
                  "claims": {
                    "type": "array",
                    "items": {
                      "type": "object", "required": ["day", "event", "count"],
                      "properties": {
                        "day": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
                        "event": {"type": "string", "enum": ["storeRedirect", "claimCreated", "redeemed", "reopened"]},
                        "count": {"type": "integer", "minimum": 1}
                      }
                    }
                  }
                }
              },
              "Redemption": {
                "type": "object", "required": ["token"], "additionalProperties": false,
                "properties": {
                  "token": {"type": "string", "pattern": "^[A-Za-z0-9_-]{32}$"},
                  "platform": {"type": "string", "enum": ["ios", "android"]}
                }
              },
              "RedeemedClaim": {
                "type": "object", "required": ["token", "slug", "link", "target", "createdAt", "redeemedAt"],
                "properties": {
                  "token": {"type": "string"}, "slug": {"type": "string"}, "link": {"type": "string"},
                  "target": {"type": "string"},
                  "createdAt": {"type": "string", "format": "date-time"},
                  "redeemedAt": {"type": "string", "format": "date-time"}
                }
              },
              "ClaimPage": {
                "type": "object", "required": ["claims"],
                "properties": {
                  "claims": {
                    "type": "array",
                    "items": {
                      "type": "object", "required": ["id", "state", "createdAt", "expiresAt"],
                      "properties": {
                        "id": {"type": "string", "minLength": 8, "maxLength": 8},
                        "state": {"type": "string", "enum": ["open", "redeemed", "expired"]},
                        "createdAt": {"type": "string", "format": "date-time"},
                        "expiresAt": {"type": "string", "format": "date-time"},
                        "redeemedAt": {"type": "string", "format": "date-time"}
                      }
                    }
                  },
                  "next": {"type": "string"}
                }
              },
              "Target": {
                "type": "object", "required": ["slug", "target"],
                "properties": {
                  "slug": {"type": "string"}, "target": {"type": "string"},
                  "ios": {"type": "string"}, "android": {"type": "string"}
                }
              }
            },
            "responses": {
              "Error": {"description": "An error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
            }
          },
          "paths": {
            "/api/links/{slug}": {
              "parameters": [{"$ref": "#/components/parameters/slug"}],
              "get": {
                "summary": "The target of a short link, for the app", "operationId": "lookUp",
                "responses": {
                  "200": {"description": "The target", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Target"}}}},
                  "404": {"$ref": "#/components/responses/Error"},
                  "410": {"$ref": "#/components/responses/Error"},
                  "503": {"$ref": "#/components/responses/Error"}
                }
              }
            },
            "/api/admin/links": {
              "get": {
                "summary": "A page of links, in slug order", "operationId": "listLinks",
                "security": [{"token": []}],
                "parameters": [
                  {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 200}},
                  {"name": "after", "in": "query", "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}}
                ],
                "responses": {
                  "200": {"description": "A page", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Page"}}}},
                  "400": {"$ref": "#/components/responses/Error"},
                  "401": {"$ref": "#/components/responses/Error"},
                  "429": {"$ref": "#/components/responses/Error"},
                  "503": {"$ref": "#/components/responses/Error"}
                }
              },
              "post": {
                "summary": "Create a link", "operationId": "createLink",
                "security": [{"token": []}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LinkRequest"}}}},
                "responses": {
                  "201": {
                    "description": "Created",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}},
                    "links": {
                      "GetLink": {"operationId": "getLink", "parameters": {"slug": "$response.body#/slug"}},
                      "UpdateLink": {"operationId": "updateLink", "parameters": {"slug": "$response.body#/slug"}},
                      "DisableLink": {"operationId": "disableLink", "parameters": {"slug": "$response.body#/slug"}},
                      "LinkStats": {"operationId": "linkStats", "parameters": {"slug": "$response.body#/slug"}},
                      "LookUp": {"operationId": "lookUp", "parameters": {"slug": "$response.body#/slug"}},
                      "DeleteLink": {"operationId": "deleteLink", "parameters": {"slug": "$response.body#/slug"}}
                    }
                  },
                  "400": {"$ref": "#/components/responses/Error"},
                  "401": {"$ref": "#/components/responses/Error"},
                  "409": {"$ref": "#/components/responses/Error"},
                  "413": {"$ref": "#/components/responses/Error"},
                  "415": {"$ref": "#/components/responses/Error"},
                  "422": {"$ref": "#/components/responses/Error"},
                  "429": {"$ref": "#/components/responses/Error"},
                  "503": {"$ref": "#/components/responses/Error"}
                }
              }
            },
            "/api/admin/links/{slug}": {
              "parameters": [{"$ref": "#/components/parameters/slug"}],
              "get": {
                "summary": "A link", "operationId": "getLink",
                "security": [{"token": []}],
                "responses": {
                  "200": {"description": "The link", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
                  "401": {"$ref": "#/components/responses/Error"},
                  "404": {"$ref": "#/components/responses/Error"},
                  "429": {"$ref": "#/components/responses/Error"},
                  "503": {"$ref": "#/components/responses/Error"}
                }
              },
              "patch": {
                "summary": "Change a link's fields (not its slug)", "operationId": "updateLink",
                "security": [{"token": []}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LinkRequest"}}}},
                "responses": {
                  "200": {"description": "The changed link", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
                  "400": {"$ref": "#/components/responses/Error"},
                  "401": {"$ref": "#/components/responses/Error"},
                  "404": {"$ref": "#/components/responses/Error"},
                  "413": {"$ref": "#/components/responses/Error"},
                  "415": {"$ref": "#/components/responses/Error"},
                  "422": {"$ref": "#/components/responses/Error"},
                  "429": {"$ref": "#/components/responses/Error"},
                  "503": {"$ref": "#/components/responses/Error"}
                }
              },
              "delete": {
                "summary": "Delete a link and its clicks", "operationId": "deleteLink",
                "security": [{"token": []}],
                "responses": {
                  "204": {"description": "Deleted"},
                  "401": {"$ref": "#/components/responses/Error"},
                  "404": {"$ref": "#/components/responses/Error"},
                  "429": {"$ref": "#/components/responses/Error"},
                  "503": {"$ref": "#/components/responses/Error"}
                }
              }
            },
            "/api/admin/links/{slug}/disable": {
              "parameters": [{"$ref": "#/components/parameters/slug"}],
              "post": {
                "summary": "Disable a link: it answers 410", "operationId": "disableLink",
                "security": [{"token": []}],
                "responses": {
                  "200": {"description": "The disabled link", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
                  "401": {"$ref": "#/components/responses/Error"},
                  "404": {"$ref": "#/components/responses/Error"},
                  "429": {"$ref": "#/components/responses/Error"},
                  "503": {"$ref": "#/components/responses/Error"}
                }
              }
            },
            "/api/admin/links/{slug}/stats": {
              "parameters": [{"$ref": "#/components/parameters/slug"}],
              "get": {
                "summary": "Clicks by day and platform", "operationId": "linkStats",
                "security": [{"token": []}],
                "responses": {
                  "200": {"description": "The counts", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Stats"}}}},
                  "401": {"$ref": "#/components/responses/Error"},
                  "404": {"$ref": "#/components/responses/Error"},
                  "429": {"$ref": "#/components/responses/Error"},
                  "503": {"$ref": "#/components/responses/Error"}
                }
              }
            },
            "/api/admin/links/{slug}/claims": {
              "parameters": [{"$ref": "#/components/parameters/slug"}],
              "get": {
                "summary": "A page of a link's claims, newest first; each named by 8 characters of its token", "operationId": "listClaims",
                "security": [{"token": []}],
                "parameters": [
                  {"name": "state", "in": "query", "schema": {"type": "string", "enum": ["open", "redeemed", "expired"]}},
                  {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 200}},
                  {"name": "before", "in": "query", "schema": {"type": "string", "pattern": "^[0-9]{1,18}$"}}
                ],
                "responses": {
                  "200": {"description": "The claims", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ClaimPage"}}}},
                  "400": {"$ref": "#/components/responses/Error"},
                  "401": {"$ref": "#/components/responses/Error"},
                  "404": {"$ref": "#/components/responses/Error"},
                  "429": {"$ref": "#/components/responses/Error"},
                  "503": {"$ref": "#/components/responses/Error"}
                }
              }
            },
            "/api/claims/redeem": {
              "post": {
                "summary": "Redeem a claim on the app's first launch: once, for the platform's target", "operationId": "redeemClaim",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Redemption"}}}},
                "responses": {
                  "200": {"description": "The claim's link", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RedeemedClaim"}}}},
                  "400": {"$ref": "#/components/responses/Error"},
                  "404": {"$ref": "#/components/responses/Error"},
                  "409": {"$ref": "#/components/responses/Error"},
                  "410": {"$ref": "#/components/responses/Error"},
                  "413": {"$ref": "#/components/responses/Error"},
                  "415": {"$ref": "#/components/responses/Error"},
                  "429": {"$ref": "#/components/responses/Error"},
                  "503": {"$ref": "#/components/responses/Error"}
                }
              }
            },
            "/api/admin/export": {
              "get": {
                "summary": "Every link, as JSON or CSV", "operationId": "exportLinks",
                "security": [{"token": []}],
                "parameters": [{"name": "format", "in": "query", "schema": {"type": "string", "enum": ["json", "csv"]}}],
                "responses": {
                  "200": {
                    "description": "The links",
                    "content": {
                      "application/json": {"schema": {"type": "object", "required": ["links"], "properties": {"links": {"type": "array", "items": {"$ref": "#/components/schemas/Link"}}}}},
                      "text/csv": {"schema": {"type": "string"}}
                    }
                  },
                  "400": {"$ref": "#/components/responses/Error"},
                  "401": {"$ref": "#/components/responses/Error"},
                  "429": {"$ref": "#/components/responses/Error"},
                  "503": {"$ref": "#/components/responses/Error"}
                }
              }
            }
          }
        }
        """#
}
