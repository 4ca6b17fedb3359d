/// Payloads shaped like the examples in GitLab's API documentation (written for glwatch, not copied), with the
/// variations that break naive decoders: dates with and without milliseconds and with offsets, nulls, unknown
/// fields, 64-bit ids and 64-digit SHAs.
enum GitLabFixtures {
    static let project = """
        {"id": 9007199254740993, "description": null, "name": "Diaspora Client",
         "name_with_namespace": "Diaspora / Diaspora Client", "path": "diaspora-client",
         "path_with_namespace": "diaspora/diaspora-client", "created_at": "2013-09-30T13:46:02Z",
         "updated_at": "2013-09-30T13:46:02Z", "default_branch": "main",
         "ssh_url_to_repo": "git@gitlab.example.com:diaspora/diaspora-client.git",
         "http_url_to_repo": "https://gitlab.example.com/diaspora/diaspora-client.git",
         "web_url": "https://gitlab.example.com/diaspora/diaspora-client",
         "last_activity_at": "2022-06-24T17:11:26.841Z",
         "namespace": {"id": 3, "name": "Diaspora", "path": "diaspora", "kind": "group", "full_path": "diaspora",
                       "parent_id": null, "avatar_url": null, "web_url": "https://gitlab.example.com/diaspora"},
         "empty_repo": false, "archived": true, "visibility": "internal", "repository_access_level": "enabled",
         "creator_id": 1, "permissions": {"project_access": null, "group_access": null},
         "some_field_from_a_later_gitlab": {"nested": [1, 2, 3]}}
        """

    static let simpleProject = """
        {"id": 4, "description": null, "name": "Diaspora Client", "name_with_namespace": "Diaspora / Diaspora Client",
         "path": "diaspora-client", "path_with_namespace": "diaspora/diaspora-client",
         "created_at": "2013-09-30T13:46:02Z", "default_branch": null, "tag_list": ["example"],
         "topics": ["example", "disapora client"], "web_url": "https://gitlab.example.com/diaspora/diaspora-client",
         "avatar_url": null, "star_count": 0, "last_activity_at": "2013-09-30T13:46:02Z"}
        """

    static let commits = """
        [{"id": "ed899a2f4b50b4370feeea94676502b42383c746", "short_id": "ed899a2f4b5",
          "title": "Replace sanitize with escape once", "author_name": "Example User",
          "author_email": "user@example.com", "authored_date": "2021-09-20T11:50:22.001+00:00",
          "committer_name": "Administrator", "committer_email": "admin@example.com",
          "committed_date": "2021-09-20T11:50:22.001+00:00", "created_at": "2021-09-20T11:50:22.001+00:00",
          "message": "Replace sanitize with escape once",
          "parent_ids": ["6104942438c14ec7bd21c6cd5bd995272b3faff6", "ae1d9fb46aa2b07ee9836d49862ec4e2c46fbbba"],
          "web_url": "https://gitlab.example.com/janedoe/gitlab-foss/-/commit/ed899a2f",
          "trailers": {}, "extended_trailers": {}},
         {"id": "6104942438c14ec7bd21c6cd5bd995272b3faff6", "short_id": "6104942438c",
          "title": "Sanitize for network graph", "author_name": "randx", "author_email": "user@example.com",
          "committer_name": "ExampleName", "committer_email": "user@example.com",
          "created_at": "2021-09-20T09:06:12-07:00", "authored_date": "2021-09-20T09:06:12.420+03:00",
          "committed_date": "2021-09-20T09:06:12-07:00",
          "message": "Sanitize for network graph\\n\\nCc: John Doe <johndoe@gitlab.com>\\nCc: Jane Doe <janedoe@gitlab.com>",
          "parent_ids": ["ae1d9fb46aa2b07ee9836d49862ec4e2c46fbbba"], "web_url": null,
          "trailers": {"Cc": "Jane Doe <janedoe@gitlab.com>"},
          "extended_trailers": {"Cc": ["John Doe <johndoe@gitlab.com>", "Jane Doe <janedoe@gitlab.com>"]}}]
        """

    static let singleCommit = """
        {"id": "6104942438c14ec7bd21c6cd5bd995272b3faff66104942438c14ec7bd21c6cd", "short_id": "6104942438c",
         "title": "Sanitize for network graph", "author_name": "randx", "author_email": "user@example.com",
         "committer_name": "Dmitriy", "committer_email": "user@example.com",
         "created_at": "2021-09-20T09:06:12.300+03:00", "message": "Sanitize for network graph",
         "committed_date": "2021-09-20T09:06:12.300+03:00", "authored_date": "2021-09-20T09:06:12.420+03:00",
         "parent_ids": [], "last_pipeline": {"id": 8, "ref": "main", "sha": "2dc6aa32", "status": "created"},
         "stats": {"additions": 15, "deletions": 10, "total": 25}, "status": "running", "project_id": 13083}
        """

    static let branch = """
        {"name": "feature/login", "merged": false, "protected": true, "default": false,
         "developers_can_push": false, "developers_can_merge": false, "can_push": true,
         "web_url": "https://gitlab.example.com/my-group/my-project/-/tree/feature/login",
         "commit": {"id": "7b5c3cc8be40ee161ae89a06bba6229da1032a0c", "short_id": "7b5c3cc",
                    "created_at": "2012-06-28T03:44:20-07:00", "parent_ids": ["4ad91d3c1144c406e50c7b33bae684bd6837faf8"],
                    "title": "add projects API", "message": "add projects API", "author_name": "John Smith",
                    "author_email": "john@example.com", "authored_date": "2012-06-27T05:51:39.000Z",
                    "committer_name": "John Smith", "committer_email": "john@example.com",
                    "committed_date": "2012-06-28T03:44:20-07:00", "trailers": {}, "extended_trailers": {},
                    "web_url": "https://gitlab.example.com/my-group/my-project/-/commit/7b5c3cc8"}}
        """

    static let contributors = """
        [{"name": "Example User", "email": "example@example.com", "commits": 117, "additions": 0, "deletions": 0},
         {"name": "Sample User", "email": "sample@example.com", "commits": 33}]
        """

    static let compare = """
        {"commit": {"id": "12d65c8dd2b2676fa3ac47d955accc085a37a9c1", "short_id": "12d65c8dd2b", "title": "JS fix",
                    "author_name": "Example User", "author_email": "user@example.com", "created_at": "2014-02-27T10:27:00+02:00"},
         "commits": [{"id": "12d65c8dd2b2676fa3ac47d955accc085a37a9c1", "short_id": "12d65c8dd2b", "title": "JS fix",
                      "author_name": "Example User", "author_email": "user@example.com",
                      "created_at": "2014-02-27T10:27:00+02:00"}],
         "diffs": [{"old_path": "files/js/application.js", "new_path": "files/js/application.js", "a_mode": null,
                    "b_mode": "100644", "diff": "@@ -24,8 +24,10 @@\\n-//= require ace/ace\\n+fix()", "collapsed": false,
                    "too_large": false, "new_file": false, "renamed_file": false, "deleted_file": false}],
         "compare_timeout": false, "compare_same_ref": false,
         "web_url": "https://gitlab.example.com/janedoe/gitlab-foss/-/compare/ae73cb07...0b4bc9a4"}
        """

    static let pushEvent = """
        {"id": 4, "title": null, "project_id": 15, "action_name": "pushed new", "target_id": null, "target_type": null,
         "author_id": 1, "created_at": "2024-03-01T10:00:00.123Z",
         "author": {"name": "Dmitriy Zaporozhets", "username": "root", "id": 1, "state": "active",
                    "avatar_url": "http://localhost:3000/uploads/user/avatar/1/fox_avatar.png", "web_url": "http://localhost:3000/root"},
         "author_username": "root",
         "push_data": {"commit_count": 1, "action": "created", "ref_type": "branch", "commit_from": null,
                       "commit_to": "c5feabde2d8cd023215af4d2ceeb7a64839fc428", "ref": "feature/x",
                       "commit_title": "Add simple search to projects in public area", "ref_count": null},
         "target_title": null}
        """

    static let tag = """
        {"name": "v1.0.0", "message": "Version 1.0.0", "target": "2695effb5807a22ff3d138d593fd856244e155e7",
         "commit": {"id": "2695effb5807a22ff3d138d593fd856244e155e7", "short_id": "2695effb", "title": "Initial commit",
                    "created_at": "2017-07-26T11:08:53.000+02:00", "parent_ids": ["2a4b78934375d7f53875269ffd4f45fd83a84ebe"],
                    "message": "Initial commit", "author_name": "John Smith", "author_email": "john@example.com",
                    "authored_date": "2012-05-28T04:42:42-07:00", "committer_name": "Jack Smith",
                    "committer_email": "jack@example.com", "committed_date": "2012-05-28T04:42:42-07:00"},
         "release": null, "protected": false, "created_at": "2017-07-26T11:08:53.000Z"}
        """

    static let user = """
        {"id": 1, "username": "john_smith", "email": "john@example.com", "name": "John Smith", "state": "active",
         "locked": false, "avatar_url": "http://localhost:3000/uploads/user/avatar/1/index.jpg",
         "web_url": "http://localhost:3000/john_smith", "created_at": "2012-05-23T08:00:58Z", "bio": "",
         "public_email": "john@example.com", "bot": false, "is_admin": false}
        """
}
