"""A ponte com o motor (`cotas.motor`): o único caminho da aplicação web até ele (contrato
`ponte-unico-caminho` do import-linter). O banco guarda os fatos (candidatos, pareceres, ofertas
de vagas, atos); a ponte os leva ao motor, que os reencena na ordem dos fatos e PROPÕE as
próximas nomeações, com quem, qual vaga, qual lista e por quê.

Um módulo por assunto, de baixo para cima:
- `erros`, `tipos`, `vocabulario`: as exceções, os tipos e os códigos do motor, com os nomes
  dele, para a web os usar sem importar o motor;
- `catalogo`: as leis do pacote e as de fora, os entes, a lei de um certame (os formulários);
- `leis`: a lei, o edital e as regras de um certame, os parâmetros e a reserva;
- `verificacao`: os grupos que a comissão verifica e os verificados por documentos, e as regras
  da comissão;
- `tela`: os grupos, as lacunas e os artigos da lei como as telas os mostram;
- `marcas`, `quadro`, `mudancas` e `tabela`: as marcas de versão dos candidatos, os candidatos
  do banco em colunas, o quadro guardado em disco e as linhas que um ato diz ter mudado (só elas
  relidas);
- `eventos` e `publicadas`: os fatos do banco como o motor os aplica, e as nomeações publicadas;
- `estado`: o livro do certame guardado no banco, retomado de um ato ao seguinte;
- `reencenacao`: o certame reencenado no motor.

Os apps chamam as funções da ponte pelo módulo (`leis.regras_do_certame(certame)`,
`reencenacao.reencenar(certame)`): o mesmo nome em toda a web, e um teste que troca uma delas a
troca para todos. O que a ponte só repassa do motor (tipos, exceções, códigos, as regras da
comissão) vem pelo nome.
"""
