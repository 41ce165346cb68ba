import { describe, expect, it } from 'vitest';
import { describeMysqlError, parseMysqlUri } from './mysql-connection.js';

describe('MySQL URIs', () => {
  it('reads user, password (URL-encoded), host, port and database; the port defaults to 3306', () => {
    expect(parseMysqlUri('mysql://nacos:p%40ss%3Aw@db.local:3307/nacos_config')).toEqual({
      host: 'db.local',
      port: 3307,
      user: 'nacos',
      password: 'p@ss:w',
      database: 'nacos_config',
    });
    expect(parseMysqlUri('mariadb://root@[::1]/nacos')).toMatchObject({
      host: '::1',
      port: 3306,
      user: 'root',
      password: '',
    });
  });

  it('rejects other schemes, a missing database and garbage with a message saying what is expected', () => {
    expect(() => parseMysqlUri('http://h/nacos')).toThrow(/scheme must be mysql:\/\//);
    expect(() => parseMysqlUri('mysql://u:p@h:3306')).toThrow(/no database name/);
    expect(() => parseMysqlUri('not a uri')).toThrow(/expected mysql:\/\/user:password@host:port\/database/);
  });

  it('describes server errors in one line', () => {
    const multiLine = { code: 'ER_PARSE_ERROR', sqlMessage: 'You have an error\nnear line 1' };
    expect(describeMysqlError(multiLine, 'h:1', 'nacos')).toBe('MySQL at h:1: You have an error');
    expect(describeMysqlError({ code: 'ER_BAD_DB_ERROR' }, 'h:1', 'nacos')).toBe('MySQL at h:1 has no database nacos');
  });
});
