/// GitLab's documented webhook payloads: `push` and `systemPush` verbatim from ../shared/gitlab-samples
/// (`webhook_push_event.docs.json`: docs `user/project/integrations/webhook_events.md`, "Push events";
/// `systemhook_push.go-gitlab-testdata.json`: go-gitlab's test data for `administration/system_hooks.md`), the others
/// from the same docs ("Tag events"; system hooks "Repository update", "Project created", "User created"), trimmed of
/// fields glwatch does not read.
enum GitLabHookFixtures {
    /// `X-Gitlab-Event: Push Hook` (a project or group hook).
    static let push = """
        {
          "object_kind": "push",
          "event_name": "push",
          "before": "95790bf891e76fee5e1747ab589903a6a1f80f22",
          "after": "da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
          "ref": "refs/heads/master",
          "ref_protected": true,
          "checkout_sha": "da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
          "user_id": 4,
          "user_name": "John Smith",
          "user_username": "jsmith",
          "user_email": "john@example.com",
          "user_avatar": "https://s.gravatar.com/avatar/d4c74594d841139328695756648b6bd6?s=8://s.gravatar.com/avatar/d4c74594d841139328695756648b6bd6?s=80",
          "project_id": 15,
          "project":{
            "id": 15,
            "name":"Diaspora",
            "description":"",
            "web_url":"http://example.com/mike/diaspora",
            "avatar_url":null,
            "git_ssh_url":"git@example.com:mike/diaspora.git",
            "git_http_url":"http://example.com/mike/diaspora.git",
            "namespace":"Mike",
            "visibility_level":0,
            "path_with_namespace":"mike/diaspora",
            "default_branch":"master",
            "homepage":"http://example.com/mike/diaspora",
            "url":"git@example.com:mike/diaspora.git",
            "ssh_url":"git@example.com:mike/diaspora.git",
            "http_url":"http://example.com/mike/diaspora.git"
          },
          "repository":{
            "name": "Diaspora",
            "url": "git@example.com:mike/diaspora.git",
            "description": "",
            "homepage": "http://example.com/mike/diaspora",
            "git_http_url":"http://example.com/mike/diaspora.git",
            "git_ssh_url":"git@example.com:mike/diaspora.git",
            "visibility_level":0
          },
          "commits": [
            {
              "id": "b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327",
              "message": "Update Catalan translation to e38cb41.\\n\\nSee https://gitlab.com/gitlab-org/gitlab for more information",
              "title": "Update Catalan translation to e38cb41.",
              "timestamp": "2011-12-12T14:27:31+02:00",
              "url": "http://example.com/mike/diaspora/commit/b6568db1bc1dcd7f8b4d5a946b0b91f9dacd7327",
              "author": {
                "name": "Jordi Mallach",
                "email": "jordi@softcatala.org"
              },
              "added": ["CHANGELOG"],
              "modified": ["app/controller/application.rb"],
              "removed": []
            },
            {
              "id": "da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
              "message": "fixed readme",
              "title": "fixed readme",
              "timestamp": "2012-01-03T23:36:29+02:00",
              "url": "http://example.com/mike/diaspora/commit/da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
              "author": {
                "name": "GitLab dev user",
                "email": "gitlabdev@dv6700.(none)"
              },
              "added": ["CHANGELOG"],
              "modified": ["app/controller/application.rb"],
              "removed": []
            }
          ],
          "total_commits_count": 4
        }
        """

    /// `X-Gitlab-Event: Tag Push Hook`.
    static let tagPush = """
        {
          "object_kind": "tag_push", "event_name": "tag_push",
          "before": "0000000000000000000000000000000000000000",
          "after": "82b3d5ae55f7080f1e6022629cdb57bfae7cccc7",
          "ref": "refs/tags/v1.0.0", "ref_protected": true,
          "checkout_sha": "82b3d5ae55f7080f1e6022629cdb57bfae7cccc7",
          "user_id": 1, "user_name": "John Smith", "user_username": "jsmith", "project_id": 1,
          "project": {"id": 1, "name": "Example", "path_with_namespace": "jsmith/example", "default_branch": "master"},
          "commits": [], "total_commits_count": 0
        }
        """

    /// `X-Gitlab-Event: System Hook`, `event_name: push`.
    static let systemPush = """
        {
          "event_name": "push",
          "before": "95790bf891e76fee5e1747ab589903a6a1f80f22",
          "after": "da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
          "ref": "refs/heads/master",
          "checkout_sha": "da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
          "user_id": 4,
          "user_name": "John Smith",
          "user_email": "john@example.com",
          "user_avatar": "https://s.gravatar.com/avatar/d4c74594d841139328695756648b6bd6?s=8://s.gravatar.com/avatar/d4c74594d841139328695756648b6bd6?s=80",
          "project_id": 15,
          "project":{
            "name":"Diaspora",
            "description":"",
            "web_url":"http://example.com/mike/diaspora",
            "avatar_url":null,
            "git_ssh_url":"git@example.com:mike/diaspora.git",
            "git_http_url":"http://example.com/mike/diaspora.git",
            "namespace":"Mike",
            "visibility_level":0,
            "path_with_namespace":"mike/diaspora",
            "default_branch":"master",
            "homepage":"http://example.com/mike/diaspora",
            "url":"git@example.com:mike/diaspora.git",
            "ssh_url":"git@example.com:mike/diaspora.git",
            "http_url":"http://example.com/mike/diaspora.git"
          },
          "repository":{
            "name": "Diaspora",
            "url": "git@example.com:mike/diaspora.git",
            "description": "",
            "homepage": "http://example.com/mike/diaspora",
            "git_http_url":"http://example.com/mike/diaspora.git",
            "git_ssh_url":"git@example.com:mike/diaspora.git",
            "visibility_level":0
          },
          "commits": [
            {
              "id": "c5feabde2d8cd023215af4d2ceeb7a64839fc428",
              "message": "Add simple search to projects in public area",
              "timestamp": "2013-05-13T18:18:08+00:00",
              "url": "https://dev.gitlab.org/gitlab/gitlabhq/commit/c5feabde2d8cd023215af4d2ceeb7a64839fc428",
              "author": {
                "name": "Dmitriy Zaporozhets",
                "email": "dmitriy.zaporozhets@gmail.com"
              }
            }
          ],
          "total_commits_count": 1
        }
        """

    /// `X-Gitlab-Event: System Hook`, `event_name: repository_update` (one per push, with every ref it changed).
    static let repositoryUpdate = """
        {
          "event_name": "repository_update", "user_id": 1, "user_name": "John Smith",
          "user_email": "admin@example.com", "project_id": 1,
          "project": {"name": "Example", "path_with_namespace": "jsmith/example", "default_branch": "master"},
          "changes": [
            {"before": "8205ea8d81ce0c6b90fbe8280d118cc9fdad6130", "after": "4045ea7a3df38697b3730a20fb73c8bed8a3e69e",
             "ref": "refs/heads/master"}
          ],
          "refs": ["refs/heads/master"]
        }
        """

    /// `X-Gitlab-Event: System Hook`, `event_name: project_create`.
    static let projectCreate = """
        {
          "created_at": "2012-07-21T07:30:54Z", "updated_at": "2012-07-21T07:38:22Z",
          "event_name": "project_create", "name": "StoreCloud", "owner_email": "johnsmith@example.com",
          "owner_name": "John Smith", "owners": [{"name": "John", "email": "user1@example.com"}],
          "path": "storecloud", "path_with_namespace": "jsmith/storecloud", "project_id": 74,
          "project_namespace_id": 23, "project_visibility": "private"
        }
        """

    /// `X-Gitlab-Event: System Hook`, `event_name: user_create` (not a hook glwatch acts on).
    static let userCreate = """
        {"created_at": "2012-07-21T07:44:07Z", "event_name": "user_create", "email": "js@gitlabhq.com",
         "name": "John Smith", "username": "js", "user_id": 41}
        """
}
