<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="levels_high_flat" tilewidth="64" tileheight="56" tilecount="8" columns="8">
 <image source="levels_high_flat.png" width="512" height="56"/>
 <tile id="0">
  <properties>
   <property name="level" type="int" value="9"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="level" type="int" value="10"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="level" type="int" value="11"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="level" type="int" value="12"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="level" type="int" value="13"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="level" type="int" value="14"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="level" type="int" value="15"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="level" type="int" value="16"/>
  </properties>
 </tile>
</tileset>
