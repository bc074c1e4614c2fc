// Importing this registers every model's table and indexes.
import './account';
import './answer';
import './api-token';
import './checkin';
import './checkin-list';
import './event';
import './question';
import './registration';
import './release';
import './ticket';
