<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain_flat" tilewidth="64" tileheight="56" tilecount="6" columns="6">
 <image source="terrain_flat.png" width="384" height="56"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="dirt"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="rock"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="sand"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="lava"/>
  </properties>
 </tile>
</tileset>
