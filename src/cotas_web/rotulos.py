"""O que a tela escreve no lugar de um código: valores dos parâmetros da lei, nomes das listas,
colunas de desempate do arquivo da banca e o número de uma portaria digitado com o prefixo."""

from __future__ import annotations

import re
from enum import StrEnum

from cotas_web.ponte.vocabulario import (
    PREFIXO_RESERVA,
    PREFIXO_VERIFICACAO,
    Arredondamento,
    codigos,
    escolhas,
    glossario,
)

__all__ = ["codigos", "escolhas"]  # (as escolhas de um campo: as dos tipos do glossário)

# Valores de parâmetros das leis (`cotas/leis/*.toml`) e de listas, por extenso. Um código novo
# sem rótulo aqui sai com espaços no lugar dos sublinhados (`por_extenso`), nunca cru.
VALORES: dict[str, str] = {
    **{a.value: a.descricao() for a in Arredondamento},
    **{t.value: t.descricao() for t in glossario.TipoSelecao},
    **{f.value: glossario.no_meio_da_frase(f) for f in glossario.FracaoEntreLotes},
    "proximo_da_mesma_lista": "o candidato seguinte da mesma lista",
    "aprovados_antes_da_homologacao": "os aprovados autodeclarados, antes da homologação",
    **{lista: glossario.no_meio_da_frase(lista) for lista in glossario.ROTULOS_LISTA},
    "eliminado": "eliminado do certame",
    **{c.value: glossario.no_meio_da_frase(c) for c in glossario.CorRaca},
    **{o.value: glossario.no_meio_da_frase(o) for o in glossario.Orgao},
    **{p.value: glossario.no_meio_da_frase(p) for p in glossario.Preterido},
    # (os valores da comissão e dos grupos que aparecem como escolha nas telas)
    "maioria": "maioria",
    "fracao": "fração (o percentual da lei)",
    "unanimidade": "unanimidade",
    "membros": "todos os integrantes",
    "presentes": "os integrantes presentes",
    "votos": "os votos dados",
    "genero": "gênero",
    "cor": "cor",
    "candidato": "o próprio candidato",
    "terceiro": "outro candidato",
    "heteroidentificacao": "comissão de heteroidentificação",
    "documental": "análise de documentos",
    "nenhuma": "nenhuma verificação",
    "maior_percentual": "só no grupo de maior percentual",
    "todos": "em todos os grupos",
}

# As colunas do arquivo da banca (`cotas.arquivos.campos`), pelo nome que o servidor usa.
COLUNAS_DO_ARQUIVO: dict[str, str] = {
    "inscricao": "Inscrição",
    "nome": "Nome",
    "cpf": "CPF",
    "data_nascimento": "Data de nascimento",
    "cargo": "Cargo",
    "nota": "Nota",
    "situacao": "Situação",
    "cor_raca": "Cor/raça autodeclarada",
    "pcd": "Pessoa com deficiência",
    "classificacao": "Classificação pela banca",
    "opcao_lista": "Opção de lista (quem concorre às duas reservas)",
}

# Palavras das colunas de desempate que o arquivo escreve sem acento.
_ACENTOS = {
    "especificos": "específicos",
    "especifica": "específica",
    "especifico": "específico",
    "portugues": "português",
    "lingua": "língua",
    "matematica": "matemática",
    "informatica": "informática",
    "logico": "lógico",
    "raciocinio": "raciocínio",
    "legislacao": "legislação",
    "redacao": "redação",
    "titulos": "títulos",
    "pratica": "prática",
    "experiencia": "experiência",
    "avaliacao": "avaliação",
    "fisica": "física",
    "fisico": "físico",
    "historia": "história",
    "geografia": "geografia",
    "didatica": "didática",
    "pedagogicos": "pedagógicos",
    "tecnicos": "técnicos",
}
# "nota_X": "Nota de X", salvo quando X qualifica a própria nota ("Nota objetiva").
_QUALIFICA_A_NOTA = {"objetiva", "discursiva", "pratica", "final", "total", "geral", "oral"}


def escolha(membro: StrEnum) -> tuple[str, str]:
    """(código, rótulo) de um membro do glossário: um membro das escolhas do Django."""
    return membro.value, glossario.ROTULOS[membro]


def rotulo_lista(nome: str) -> str:
    """O nome de uma lista no meio da frase ("pessoas com deficiência")."""
    return glossario.no_meio_da_frase(nome)


def por_extenso(codigo: str) -> str:
    # (As listas dos grupos são registradas pelas leis ao carregar o catálogo, depois deste
    # módulo: procuradas a cada vez.)
    if codigo in glossario.ROTULOS_LISTA:
        return glossario.no_meio_da_frase(codigo)
    return VALORES.get(codigo, codigo.replace("_", " "))


def rotulo_da_coluna(coluna: str) -> str:
    """ "nota_conhecimentos_especificos" → "Nota de conhecimentos específicos"."""
    if coluna in COLUNAS_DO_ARQUIVO:
        return COLUNAS_DO_ARQUIVO[coluna]
    # As colunas de cada grupo da lei (`reserva:<grupo>`, `verificacao:<grupo>`): o rótulo da lei.
    if coluna.startswith(PREFIXO_RESERVA):
        return f"Optou pela reserva para {rotulo_lista(coluna.removeprefix(PREFIXO_RESERVA))}"
    if coluna.startswith(PREFIXO_VERIFICACAO):
        grupo = rotulo_lista(coluna.removeprefix(PREFIXO_VERIFICACAO))
        return f"Resultado da verificação ({grupo}): parecer da comissão ou análise documental"
    palavras = [p for p in re.split(r"[_\s]+", coluna.strip().lower()) if p]
    if not palavras:
        return coluna
    if palavras[0] == "nota" and len(palavras) > 1 and palavras[1] not in _QUALIFICA_A_NOTA:
        palavras.insert(1, "de")
    texto = " ".join(_ACENTOS.get(p, p) for p in palavras)
    return texto[0].upper() + texto[1:]


_PREFIXO_PORTARIA = re.compile(
    r"^(?:portaria\b\s*)?(?:(?:n\.?\s*[º°o]\.?|n\.|n[uú]mero|num\.)(?=[\s\d]|$)\s*)?[:\-–]?\s*",
    re.IGNORECASE,
)


def numero_da_portaria(texto: str) -> str:
    """O número sem o prefixo que às vezes se digita ("Portaria nº 101/2024" → "101/2024"): a
    tela e os documentos escrevem "Portaria nº" uma vez só."""
    return _PREFIXO_PORTARIA.sub("", texto.strip()).strip()
