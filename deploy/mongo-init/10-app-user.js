/* global db, fs -- mongosh gives every script these */
// Run by the mongo image once, on the first start with an empty volume, before authentication and
// the replica set are switched on: the site's own user, allowed only its own database. The name and
// password match secrets/mongodb_uri, made with this password by deploy/make-secrets.sh.
const password = fs.readFileSync('/run/secrets/mongo_app_password', 'utf8').trim()
db.getSiblingDB('roswell-it').createUser({
  user: 'roswell-it',
  pwd: password,
  roles: [{ role: 'readWrite', db: 'roswell-it' }],
})
